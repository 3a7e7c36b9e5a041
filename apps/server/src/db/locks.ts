import { sql } from 'drizzle-orm';
import type { Executor } from './client';

// Transaction-scoped advisory locks shared by features that must agree on the official data.

const OFFICIAL_DATA = 'speedway:official-import';

/**
 * An import (and the demo seed) holds this exclusively while it writes official results and
 * re-compares the saved protocols; a save or resolve of a protocol holds it shared while it reads
 * an official result, so that no saved copy is ever compared with a result an import replaces.
 */
export async function lockOfficialData(db: Executor, mode: 'exclusive' | 'shared'): Promise<void> {
  await (mode === 'exclusive'
    ? db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${OFFICIAL_DATA}))`)
    : db.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtext(${OFFICIAL_DATA}))`));
}
