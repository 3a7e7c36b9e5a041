import type {
  PushPublicKeyResponse,
  PushSubscribeBody,
  PushSubscriptionResponse,
} from '@speedway/contracts';
import type { AppContext, Auth } from '../../context';
import { badRequest } from '../../lib/errors';
import { endpointProblem } from './endpoint-policy';
import { pushRepository as repo } from './push.repository';
import { vapidKeys } from './vapid';

export const PUSH_ENDPOINT_NOT_ALLOWED = 'PUSH_ENDPOINT_NOT_ALLOWED';

export async function publicKey(ctx: AppContext): Promise<PushPublicKeyResponse> {
  return { vapidPublicKey: (await vapidKeys(ctx)).publicKey };
}

function assertAllowed(ctx: AppContext, endpoint: string) {
  const problem = endpointProblem(endpoint, ctx.config.pushAllowedHosts);
  if (problem) throw badRequest(problem, PUSH_ENDPOINT_NOT_ALLOWED);
}

/** POST /api/account/push/subscribe: this browser gets the user's pushes (idempotent). */
export async function subscribe(
  ctx: AppContext,
  { user }: Auth,
  body: PushSubscribeBody,
  userAgent: string | undefined,
): Promise<PushSubscriptionResponse> {
  assertAllowed(ctx, body.endpoint);
  return ctx.db.transaction(async (tx) => {
    await repo.upsert(tx, {
      userId: user.id,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      userAgent: userAgent?.slice(0, 512) ?? null,
    });
    return { subscribed: true, devices: await repo.countForUser(tx, user.id) };
  });
}

/** DELETE /api/account/push/subscribe: this browser no longer gets pushes (idempotent). */
export async function unsubscribe(
  ctx: AppContext,
  { user }: Auth,
  endpoint: string,
): Promise<PushSubscriptionResponse> {
  await repo.deleteOwned(ctx.db, user.id, endpoint);
  return { subscribed: false, devices: await repo.countForUser(ctx.db, user.id) };
}
