import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PushPublicKeyResponseSchema,
  PushSubscribeBodySchema,
  PushSubscriptionResponseSchema,
  PushUnsubscribeBodySchema,
} from '@speedway/contracts';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../../plugins/auth';
import * as push from './push.service';

/** Web push subscriptions (spec §7); the test push is in notifications.routes.ts. */
export async function pushRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireAuth);

  r.get('/account/push/public-key', {
    schema: { response: { 200: PushPublicKeyResponseSchema } },
    handler: () => push.publicKey(ctx),
  });

  r.post('/account/push/subscribe', {
    schema: { body: PushSubscribeBodySchema, response: { 200: PushSubscriptionResponseSchema } },
    handler: (req) => push.subscribe(ctx, authOf(req), req.body, req.headers['user-agent']),
  });

  r.delete('/account/push/subscribe', {
    schema: { body: PushUnsubscribeBodySchema, response: { 200: PushSubscriptionResponseSchema } },
    handler: (req) => push.unsubscribe(ctx, authOf(req), req.body.endpoint),
  });
}
