import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AD_PLACEMENTS, type AdPlacement } from '@speedway/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

// The one-time tokens of a selection (POST /api/ads/select): one for the impression, one for the
// click, sharing one random id and naming the viewer. Each is signed, so that a count needs no
// write when the ad is selected (nor a session: a beacon carries none). The random id is the key
// of the counted impression, so that it counts once on any instance, and the click token finds
// that impression by it: a click counts only on a counted impression, once (ads.repository.ts).

export type AdTokenKind = 'impression' | 'click';

/** A token is honoured for a day after the selection that made it. */
export const AD_TOKEN_TTL_SECONDS = 24 * 60 * 60;

const KINDS: readonly AdTokenKind[] = ['impression', 'click'];
const NONCE_BYTES = 12;
const MAC_BYTES = 16;
// kind (1) + ad id (16) + placement (1) + issued at, seconds (4) + nonce (12) + viewer id (16)
const PAYLOAD_BYTES = 1 + 16 + 1 + 4 + NONCE_BYTES + 16;

export type AdToken = {
  kind: AdTokenKind;
  adId: string;
  placement: AdPlacement;
  /** The selection's random part, base64url: the key of its counted impression. */
  tokenId: string;
  /** The signed-in user the ad was selected for. */
  userId: string;
};

const SETTING_KEY = 'ad_token_key';

/**
 * The signing key, generated once and kept in system_settings, so that every instance signs and
 * checks alike (the first to start stores it; the others read that one).
 */
export async function loadAdTokenKey(db: Database): Promise<Buffer> {
  const fresh = randomBytes(32).toString('base64');
  await db.execute(sql`
    INSERT INTO system_settings (key, value) VALUES (${SETTING_KEY}, ${JSON.stringify(fresh)}::jsonb)
    ON CONFLICT (key) DO NOTHING`);
  const rows = await db.execute<{ value: string }>(
    sql`SELECT value FROM system_settings WHERE key = ${SETTING_KEY}`,
  );
  return Buffer.from(rows.rows[0]!.value, 'base64');
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidText = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

export function createAdTokens(key: Buffer) {
  const mac = (payload: Buffer) =>
    createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);

  const sign = (kind: AdTokenKind, base: Buffer) => {
    const payload = Buffer.from(base);
    payload.writeUInt8(KINDS.indexOf(kind), 0);
    return Buffer.concat([payload, mac(payload)]).toString('base64url');
  };

  return {
    /** The impression and click tokens of one selection of the ad for the user. */
    issue(
      selection: { adId: string; placement: AdPlacement; userId: string },
      now = Date.now(),
    ): Record<AdTokenKind, string> {
      const base = Buffer.alloc(PAYLOAD_BYTES);
      uuidBytes(selection.adId).copy(base, 1);
      base.writeUInt8(AD_PLACEMENTS.indexOf(selection.placement), 17);
      base.writeUInt32BE(Math.floor(now / 1000), 18);
      randomBytes(NONCE_BYTES).copy(base, 22);
      uuidBytes(selection.userId).copy(base, 22 + NONCE_BYTES);
      return { impression: sign('impression', base), click: sign('click', base) };
    },

    /** The token's contents, or null when it is forged, of another kind, or too old. */
    verify(token: string, kind: AdTokenKind, now = Date.now()): AdToken | null {
      if (!/^[\w-]+$/.test(token)) return null;
      const raw = Buffer.from(token, 'base64url');
      if (raw.length !== PAYLOAD_BYTES + MAC_BYTES) return null;
      const payload = raw.subarray(0, PAYLOAD_BYTES);
      if (!timingSafeEqual(raw.subarray(PAYLOAD_BYTES), mac(payload))) return null;
      if (KINDS[payload.readUInt8(0)] !== kind) return null;
      const placement = AD_PLACEMENTS[payload.readUInt8(17)];
      if (!placement) return null;
      const age = Math.floor(now / 1000) - payload.readUInt32BE(18);
      if (age < -60 || age > AD_TOKEN_TTL_SECONDS) return null;
      return {
        kind,
        adId: uuidText(payload.subarray(1, 17)),
        placement,
        tokenId: payload.subarray(22, 22 + NONCE_BYTES).toString('base64url'),
        userId: uuidText(payload.subarray(22 + NONCE_BYTES)),
      };
    },
  };
}

export type AdTokens = ReturnType<typeof createAdTokens>;
