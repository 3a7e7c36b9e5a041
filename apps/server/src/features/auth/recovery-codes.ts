import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@speedway/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { twoFactorRecoveryCodes } from '../../db/schema/index';
import { sha256 } from '../../lib/crypto';

/** No look-alikes (I, O, 0, 1): 32 symbols, so 12 of them carry 60 random bits. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 12;

/** A code as shown, e.g. 'ABCD-EFGH-JKLM'. */
function newCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return chars.join('').replace(/(.{4})(?!$)/g, '$1-');
}

/** The stored form of a code: RecoveryCodeSchema has already removed case, spaces and hyphens. */
const hashCode = (normalised: string) => sha256(`recovery:${normalised}`);

export const recoveryCodes = {
  /**
   * Replaces the user's codes with RECOVERY_CODE_COUNT new ones and returns them as shown: the
   * only time they exist in clear. Run it in the transaction of the change that asks for them.
   */
  async renew(tx: Executor, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: hashCode(code.replace(/-/g, '')) })));
    return codes;
  },

  /** Uses a code up; false when it is not one of the user's unused codes (atomic against replays). */
  async consume(tx: Executor, userId: string, normalised: string): Promise<boolean> {
    const rows = await tx
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, hashCode(normalised)),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    return rows.length > 0;
  },

  async countUnused(db: Executor, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
    return row?.n ?? 0;
  },

  async deleteAll(tx: Executor, userId: string): Promise<void> {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  },
};
