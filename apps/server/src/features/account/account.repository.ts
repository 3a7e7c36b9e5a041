import type { Executor } from '../../db/client';

/**
 * Data owned by other areas that the account page counts or exports. Protocols arrive with the
 * match area; until then a user has none.
 */
export const accountRepository = {
  async countProtocols(_db: Executor, _userId: string): Promise<number> {
    return 0;
  },
  async exportData(_db: Executor, _userId: string): Promise<Record<string, unknown>> {
    return {};
  },
};
