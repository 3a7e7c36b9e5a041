import type {
  EmailNotificationKind,
  NotificationKind,
  NotificationSettings,
} from '@speedway/contracts';
import type { PushUrgency } from '../push/index';

/** The mail a kind may send, named by its key in settings.email. */
export function emailKindOf(kind: NotificationKind): EmailNotificationKind | null {
  return kind === 'match_created' || kind === 'protocol_saved' || kind === 'conflict_detected'
    ? kind
    : null;
}

/**
 * Whether a kind is pushed for this user. A reminder follows push.match_reminder; a result
 * that was validated or disputed (result_validation, and conflict_detected which is the
 * disputed case told in detail) follows push.result_validation. The rest is inbox and mail only.
 */
export function pushEnabled(kind: NotificationKind, settings: NotificationSettings): boolean {
  switch (kind) {
    case 'match_reminder':
      return settings.push.match_reminder.enabled;
    case 'result_validation':
    case 'conflict_detected':
      return settings.push.result_validation.enabled;
    case 'push_test':
      return true;
    default:
      return false;
  }
}

export function emailEnabled(kind: NotificationKind, settings: NotificationSettings): boolean {
  const key = emailKindOf(kind);
  return key !== null && settings.email[key];
}

const HOUR = 60 * 60;

/**
 * How long a push service may keep a message for an offline device, and how urgently it is
 * delivered (RFC 8030 §5.2, §5.3). A reminder's TTL runs out when its match starts (set per
 * send); a test is worth seeing only soon after the button was pressed.
 */
export const PUSH_DELIVERY: Record<NotificationKind, { ttl: number; urgency: PushUrgency }> = {
  match_reminder: { ttl: 2 * HOUR, urgency: 'high' },
  result_validation: { ttl: 24 * HOUR, urgency: 'normal' },
  conflict_detected: { ttl: 24 * HOUR, urgency: 'normal' },
  push_test: { ttl: 5 * 60, urgency: 'normal' },
  match_created: { ttl: 24 * HOUR, urgency: 'low' },
  protocol_saved: { ttl: 24 * HOUR, urgency: 'low' },
};
