import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { systemSettings } from '../../db/schema/index';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

type StoredVapid = { publicKey: string; sealedPrivateKey: string };

const KEY = 'vapid';

function bytes(text: string): number {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url').length : -1;
}

/**
 * VAPID's subject must be an https: or mailto: URL that a push service can reach the sender
 * by; an http:// or localhost APP_URL (development) falls back to MAIL_FROM's address.
 */
export function vapidSubject(config: Pick<AppContext['config'], 'vapid' | 'mailFrom'>): string {
  const given = config.vapid.subject;
  try {
    const url = new URL(given);
    if (url.protocol === 'mailto:') return given;
    if (url.protocol === 'https:' && url.hostname !== 'localhost') return given;
  } catch {
    // not a URL: fall back
  }
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  return `mailto:${address}`;
}

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, else one generated once and
 * stored in system_settings (private key sealed with APP_SECRET). Instances starting together
 * on a fresh database each try to insert their own pair; the first insert wins and every
 * instance reads and uses that one.
 */
export async function loadVapidKeys(
  ctx: Pick<AppContext, 'db' | 'config' | 'secretBox'>,
): Promise<VapidKeys> {
  const subject = vapidSubject(ctx.config);
  const { publicKey, privateKey } = ctx.config.vapid;
  if (publicKey && privateKey) {
    if (bytes(publicKey) !== 65 || bytes(privateKey) !== 32) {
      throw new Error(
        'Invalid configuration:\n  VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: expected base64url keys of 65 and 32 bytes (npx web-push generate-vapid-keys)',
      );
    }
    return { publicKey, privateKey, subject };
  }
  const fresh = webpush.generateVAPIDKeys();
  const value: StoredVapid = {
    publicKey: fresh.publicKey,
    sealedPrivateKey: ctx.secretBox.seal(fresh.privateKey),
  };
  await ctx.db.insert(systemSettings).values({ key: KEY, value }).onConflictDoNothing();
  const [row] = await ctx.db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, KEY));
  const stored = row!.value as StoredVapid;
  let storedPrivate: string;
  try {
    storedPrivate = ctx.secretBox.open(stored.sealedPrivateKey);
  } catch {
    throw new Error(
      'The stored VAPID key cannot be opened with this APP_SECRET: every instance needs the same APP_SECRET (or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY).',
    );
  }
  return { publicKey: stored.publicKey, privateKey: storedPrivate, subject };
}

const loaded = new WeakMap<Database, Promise<VapidKeys>>();

/** The keys of this app instance, loaded once (a failed load is tried again next time). */
export function vapidKeys(ctx: Pick<AppContext, 'db' | 'config' | 'secretBox'>) {
  let keys = loaded.get(ctx.db);
  if (!keys) {
    keys = loadVapidKeys(ctx);
    keys.catch(() => loaded.delete(ctx.db));
    loaded.set(ctx.db, keys);
  }
  return keys;
}
