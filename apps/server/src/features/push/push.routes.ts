import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PushPublicKeyResponseSchema,
  PushSubscribeBodySchema,
  PushSubscriptionResponseSchema,
  PushUnsubscribeBodySchema,
} from '@speedway/contracts';
import type { AppContext } from '../../context';
import { errorResponse, SIGNED_IN_ERRORS } from '../../openapi/error-responses';
import { authOf, requireAuth } from '../../plugins/auth';
import * as push from './push.service';

/**
 * Web push subscriptions (docs/spec/1-app-shell-auth-account.md §7); the test push is in
 * notifications.routes.ts.
 */
export async function pushRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireAuth);

  r.get('/account/push/public-key', {
    schema: {
      operationId: 'getPushPublicKey',
      summary: 'Hämta serverns VAPID-nyckel (applicationServerKey)',
      tags: ['notifications'],
      response: { 200: PushPublicKeyResponseSchema, ...SIGNED_IN_ERRORS },
    },
    handler: () => push.publicKey(ctx),
  });

  r.post('/account/push/subscribe', {
    schema: {
      operationId: 'subscribePush',
      summary: 'Registrera den här enhetens push-prenumeration',
      description:
        'Kroppen är `PushSubscription.toJSON()`. Idempotent; högst 20 enheter per användare ' +
        '(den äldsta går). Bara https-adresser hos webbläsarnas push-tjänster godtas.',
      tags: ['notifications'],
      body: PushSubscribeBodySchema,
      response: {
        200: PushSubscriptionResponseSchema,
        400: errorResponse(
          'Ogiltiga nycklar, eller en adress utanför listan (`PUSH_ENDPOINT_NOT_ALLOWED`).',
        ),
        ...SIGNED_IN_ERRORS,
      },
    },
    handler: (req) => push.subscribe(ctx, authOf(req), req.body, req.headers['user-agent']),
  });

  r.delete('/account/push/subscribe', {
    schema: {
      operationId: 'unsubscribePush',
      summary: 'Ta bort en enhets push-prenumeration',
      description: 'Idempotent.',
      tags: ['notifications'],
      body: PushUnsubscribeBodySchema,
      response: { 200: PushSubscriptionResponseSchema, ...SIGNED_IN_ERRORS },
    },
    handler: (req) => push.unsubscribe(ctx, authOf(req), req.body.endpoint),
  });
}
