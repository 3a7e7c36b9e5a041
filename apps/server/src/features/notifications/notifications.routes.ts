import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmailUnsubscribeResponseSchema,
  EmptyBodySchema,
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

/** Test pushes per user and window: enough to try a few devices, not a way to spam them. */
const TEST_PUSH_LIMIT = { max: 10, windowSeconds: 10 * 60 };

/** The inbox (spec §7), notification settings, the test push and the mail opt-out. */
export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.addHook('preValidation', requireAuth);

    r.get('/notifications/inbox', {
      schema: { querystring: InboxQuerySchema, response: { 200: NotificationInboxSchema } },
      handler: (req) => notifications.inbox(ctx, authOf(req), req.query.limit),
    });

    r.put('/notifications/read-all', {
      schema: { body: EmptyBodySchema, response: { 200: ReadAllResponseSchema } },
      handler: (req) => notifications.markAllRead(ctx, authOf(req)),
    });

    r.put('/notifications/:id/read', {
      schema: {
        params: UuidParamsSchema,
        body: EmptyBodySchema,
        response: { 200: NotificationItemSchema },
      },
      handler: (req) => notifications.markRead(ctx, authOf(req), req.params.id),
    });

    r.delete('/notifications/:id', {
      schema: {
        params: UuidParamsSchema,
        body: EmptyBodySchema,
        response: { 200: MessageResponseSchema },
      },
      handler: (req) => notifications.remove(ctx, authOf(req), req.params.id),
    });

    r.get('/account/notifications', {
      schema: { response: { 200: NotificationSettingsSchema } },
      handler: (req) => notifications.getSettings(ctx, authOf(req)),
    });

    r.put('/account/notifications', {
      schema: {
        body: NotificationSettingsUpdateSchema,
        response: { 200: NotificationSettingsSchema },
      },
      handler: (req) => notifications.updateSettings(ctx, authOf(req), req.body),
    });

    r.post('/account/push/test', {
      schema: { body: EmptyBodySchema, response: { 200: PushTestResponseSchema } },
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
      // Its JSON is EmailUnsubscribeResponse, as the POST's; its page is text/html.
      schema: { querystring: OptOutQuerySchema },
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
          reply.status(err.statusCode);
          return optOutPage(err.message, settingsUrl);
        }
      },
    });

    r.post(path, {
      schema: { querystring: OptOutQuerySchema, response: { 200: EmailUnsubscribeResponseSchema } },
      handler: (req) => notifications.optOut(ctx, req.query.token),
    });
  });
}
