import { EmailNotificationKindSchema, type EmailNotificationKind } from '@speedway/contracts';
import type { SecretBox } from '../../lib/crypto';

// The one-click link in a notification mail: a token sealed with APP_SECRET (AES-256-GCM, so it
// cannot be made or altered without the secret) naming the user and the kind of mail it turns
// off. It needs no session and does not expire: turning a mail off is harmless and reversible.

const PURPOSE = 'mail-opt-out';

type Payload = { p: typeof PURPOSE; u: string; k: EmailNotificationKind };

export function optOutToken(box: SecretBox, userId: string, kind: EmailNotificationKind): string {
  const payload: Payload = { p: PURPOSE, u: userId, k: kind };
  return box.seal(JSON.stringify(payload));
}

/** The user and kind a token names, or null for anything not made by optOutToken. */
export function readOptOutToken(
  box: SecretBox,
  token: string,
): { userId: string; kind: EmailNotificationKind } | null {
  try {
    const payload = JSON.parse(box.open(token)) as Partial<Payload>;
    const kind = EmailNotificationKindSchema.safeParse(payload.k);
    if (payload.p !== PURPOSE || typeof payload.u !== 'string' || !kind.success) return null;
    return { userId: payload.u, kind: kind.data };
  } catch {
    return null;
  }
}
