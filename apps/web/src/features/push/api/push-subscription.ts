import type {
  PushSubscribeBody,
  PushSubscriptionResponse,
  PushUnsubscribeBody,
} from '@speedway/contracts';
import { api } from '@/lib/api-client';

/** Tells the server about this device's subscription (spec 1 §7: {endpoint, keys{p256dh, auth}}). */
export function saveSubscription(body: PushSubscribeBody): Promise<PushSubscriptionResponse> {
  return api.post<PushSubscriptionResponse>('/api/account/push/subscribe', body);
}

/** Tells the server this device no longer wants push (spec 1 §7: {endpoint}). */
export function removeSubscription(body: PushUnsubscribeBody): Promise<PushSubscriptionResponse> {
  return api.delete<PushSubscriptionResponse>('/api/account/push/subscribe', body);
}
