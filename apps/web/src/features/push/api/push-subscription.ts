import type {
  PushSubscribeBody,
  PushSubscriptionResponse,
  PushUnsubscribeBody,
} from '@speedway/contracts';
import { api } from '@/lib/api-client';

/**
 * Tells the server about this device's subscription (docs/spec/1-app-shell-auth-account.md §7:
 * {endpoint, keys{p256dh, auth}}).
 */
export function saveSubscription(body: PushSubscribeBody): Promise<PushSubscriptionResponse> {
  return api.post<PushSubscriptionResponse>('/api/account/push/subscribe', body);
}

/**
 * Tells the server this device no longer wants push (docs/spec/1-app-shell-auth-account.md §7:
 * {endpoint}).
 */
export function removeSubscription(body: PushUnsubscribeBody): Promise<PushSubscriptionResponse> {
  return api.delete<PushSubscriptionResponse>('/api/account/push/subscribe', body);
}
