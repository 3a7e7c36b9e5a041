import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmailUnsubscribeResponseSchema,
  EmptyBodySchema,
  ErrorResponseSchema,
  InboxQuerySchema,
  MessageResponseSchema,
  NotificationInboxSchema,
  NotificationItemSchema,
  NotificationSettingsSchema,
  NotificationSettingsUpdateSchema,
  PushTestResponseSchema,
  ReadAllResponseSchema,
  UuidParamsSchema,
} from '@speedway/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponse, SIGNED_IN_ERRORS } from '../../openapi/error-responses';
import { AppError } from '../../lib/errors';
import { limitKey } from '../../lib/rate-limiter';
import { optOutPage } from '../../mail/notification-templates';
import { authOf, requireAuth } from '../../plugins/auth';
import { OPT_OUT_PATH } from './email-delivery';
import * as notifications from './notifications.service';

const OptOutQuerySchema = z.object({
  token: z
    .string({ message: 'Länken saknar token.' })
    .min(1, { message: 'Länken saknar token.' })
    .max(512, { message: 'Länken är ogiltig.' }),
});

const NOTIFICATION_MISSING = errorResponse(
  'Notisen finns inte, eller är någon annans (`NOT_FOUND`).',
);
const OPT_OUT_INVALID = 'Länken är ogiltig (`INVALID_TOKEN`), eller saknar token.';
const OPT_OUT_GONE = 'Kontot finns inte längre (`NOT_FOUND`).';

/** The opt-out page's reply: JSON (`schema`), or for a browser the same words as a page. */
const optOutReply = (description: string, schema: z.ZodType) => ({
  description,
  content: {
    'application/json': { schema },
    'text/html': { schema: z.string().meta({ description: 'En liten svensk sida.' }) },
  },
});

/** Test pushes per user and window: enough to try a few devices, not a way to spam them. */
const TEST_PUSH_LIMIT = { max: 10, windowSeconds: 10 * 60 };

/**
 * The inbox (docs/spec/1-app-shell-auth-account.md §7), notification settings, the test push and
 * the mail opt-out.
 */
export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.addHook('preValidation', requireAuth);

    r.get('/notifications/inbox', {
      schema: {
        operationId: 'listInbox',
        summary: 'Hämta inkorgen, nyast först',
        tags: ['notifications'],
        querystring: InboxQuerySchema,
        response: { 200: NotificationInboxSchema, ...SIGNED_IN_ERRORS },
      },
      handler: (req) => notifications.inbox(ctx, authOf(req), req.query.limit),
    });

    r.put('/notifications/read-all', {
      schema: {
        operationId: 'markAllNotificationsRead',
        summary: 'Markera alla notiser som lästa',
        tags: ['notifications'],
        body: EmptyBodySchema,
        response: { 200: ReadAllResponseSchema, ...SIGNED_IN_ERRORS },
      },
      handler: (req) => notifications.markAllRead(ctx, authOf(req)),
    });

    r.put('/notifications/:id/read', {
      schema: {
        operationId: 'markNotificationRead',
        summary: 'Markera en notis som läst',
        tags: ['notifications'],
        params: UuidParamsSchema,
        body: EmptyBodySchema,
        response: { 200: NotificationItemSchema, ...SIGNED_IN_ERRORS, 404: NOTIFICATION_MISSING },
      },
      handler: (req) => notifications.markRead(ctx, authOf(req), req.params.id),
    });

    r.delete('/notifications/:id', {
      schema: {
        operationId: 'deleteNotification',
        summary: 'Ta bort en notis',
        tags: ['notifications'],
        params: UuidParamsSchema,
        body: EmptyBodySchema,
        response: { 200: MessageResponseSchema, ...SIGNED_IN_ERRORS, 404: NOTIFICATION_MISSING },
      },
      handler: (req) => notifications.remove(ctx, authOf(req), req.params.id),
    });

    r.get('/account/notifications', {
      schema: {
        operationId: 'getNotificationSettings',
        summary: 'Hämta mina notisinställningar',
        tags: ['notifications'],
        response: { 200: NotificationSettingsSchema, ...SIGNED_IN_ERRORS },
      },
      handler: (req) => notifications.getSettings(ctx, authOf(req)),
    });

    r.put('/account/notifications', {
      schema: {
        operationId: 'updateNotificationSettings',
        summary: 'Ändra mina notisinställningar',
        description: 'Hela inställningarna eller en del; ett fält som saknas behåller sitt värde.',
        tags: ['notifications'],
        body: NotificationSettingsUpdateSchema,
        response: { 200: NotificationSettingsSchema, ...SIGNED_IN_ERRORS },
      },
      handler: (req) => notifications.updateSettings(ctx, authOf(req), req.body),
    });

    r.post('/account/push/test', {
      schema: {
        operationId: 'sendTestPush',
        summary: 'Skicka en testnotis till mina enheter',
        description: 'Inom tysta timmar skickas den när de slutar.',
        tags: ['notifications'],
        body: EmptyBodySchema,
        response: {
          200: PushTestResponseSchema,
          ...SIGNED_IN_ERRORS,
          409: errorResponse('Ingen enhet tar emot push (`NO_PUSH_SUBSCRIPTION`).'),
          429: errorResponse(
            `Fler än ${TEST_PUSH_LIMIT.max} testnotiser på ${TEST_PUSH_LIMIT.windowSeconds / 60} ` +
              'minuter, eller för många förfrågningar (`RATE_LIMITED`); `Retry-After` anger ' +
              'sekunder.',
          ),
        },
      },
      handler: async (req) => {
        const auth = authOf(req);
        await ctx.rateLimiter.consume(limitKey('push-test', auth.user.id), TEST_PUSH_LIMIT);
        return notifications.sendTestPush(ctx, auth);
      },
    });
  });

  // The one-click link of a notification mail: no session, the token is the authority.
  await app.register(async (scope) => {
    // RFC 8058: a mail program's one-click POST is a form ("List-Unsubscribe=One-Click").
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, undefined),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const path = OPT_OUT_PATH.replace(/^\/api/, '');
    const settingsUrl = `${ctx.config.appUrl}/account/notifications`;

    // A click in a mail program (a browser asks for HTML) gets a page; any other client JSON.
    r.get(path, {
      schema: {
        operationId: 'optOutOfEmailPage',
        summary: 'Stäng av en sorts mejl med länken i mejlet',
        description:
          'Ingen inloggning: länkens token anger användaren och sorten. En webbläsare ' +
          '(`Accept: text/html`) får en liten svensk sida, andra klienter JSON.',
        tags: ['notifications'],
        querystring: OptOutQuerySchema,
        response: {
          200: optOutReply('Mejlen av den sorten är avstängda.', EmailUnsubscribeResponseSchema),
          400: optOutReply(OPT_OUT_INVALID, ErrorResponseSchema),
          404: optOutReply(OPT_OUT_GONE, ErrorResponseSchema),
        },
      },
      handler: async (req, reply) => {
        if (!req.headers.accept?.includes('text/html')) {
          return notifications.optOut(ctx, req.query.token);
        }
        reply.type('text/html; charset=utf-8');
        try {
          const { message } = await notifications.optOut(ctx, req.query.token);
          return optOutPage(message, settingsUrl);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          // optOut refuses with 400 (a token it did not make) or 404 (the account is gone).
          reply.status(err.statusCode as 400 | 404);
          return optOutPage(err.message, settingsUrl);
        }
      },
    });

    r.post(path, {
      schema: {
        operationId: 'optOutOfEmail',
        summary: 'Stäng av en sorts mejl med ett klick (RFC 8058)',
        description:
          'Ingen inloggning: länkens token anger användaren och sorten. Ett e-postprograms ' +
          '`List-Unsubscribe-Post` (ett formulär) godtas.',
        tags: ['notifications'],
        querystring: OptOutQuerySchema,
        response: {
          200: EmailUnsubscribeResponseSchema,
          400: errorResponse(OPT_OUT_INVALID),
          404: errorResponse(OPT_OUT_GONE),
        },
      },
      handler: (req) => notifications.optOut(ctx, req.query.token),
    });
  });
}
