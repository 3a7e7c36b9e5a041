import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AD_PLACEMENTS, type AdPlacement } from '@speedway/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

// The one-time tokens of a selection (POST /api/ads/select): one for the impression, one for the
// click. Each is signed, so that a count needs no write when the ad is selected; its random id is
// the key of the counted row, so that each token counts once, on any instance.

export type AdTokenKind = 'impression' | 'click';

/** A token is honoured for a day after the selection that made it. */
export const AD_TOKEN_TTL_SECONDS = 24 * 60 * 60;

const KINDS: readonly AdTokenKind[] = ['impression', 'click'];
const NONCE_BYTES = 12;
const MAC_BYTES = 16;
// kind (1) + ad id (16) + placement (1) + issued at, seconds (4) + nonce (12)
const PAYLOAD_BYTES = 1 + 16 + 1 + 4 + NONCE_BYTES;

export type AdToken = {
  kind: AdTokenKind;
  adId: string;
  placement: AdPlacement;
  /** The token's random part, base64url: the key of its counted row. */
  tokenId: string;
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

  return {
    issue(kind: AdTokenKind, adId: string, placement: AdPlacement, now = Date.now()): string {
      const payload = Buffer.alloc(PAYLOAD_BYTES);
      payload.writeUInt8(KINDS.indexOf(kind), 0);
      uuidBytes(adId).copy(payload, 1);
      payload.writeUInt8(AD_PLACEMENTS.indexOf(placement), 17);
      payload.writeUInt32BE(Math.floor(now / 1000), 18);
      randomBytes(NONCE_BYTES).copy(payload, 22);
      return Buffer.concat([payload, mac(payload)]).toString('base64url');
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
        tokenId: payload.subarray(22).toString('base64url'),
      };
    },
  };
}

export type AdTokens = ReturnType<typeof createAdTokens>;
