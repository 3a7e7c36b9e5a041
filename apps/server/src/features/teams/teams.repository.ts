import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { riders, teams } from '../../db/schema/index';

export type TeamRow = typeof teams.$inferSelect;
export type RiderRow = typeof riders.$inferSelect;

export const teamsRepository = {
  list(db: Executor): Promise<TeamRow[]> {
    return db.select().from(teams).orderBy(asc(teams.name));
  },

  async find(db: Executor, id: string): Promise<TeamRow | undefined> {
    const [row] = await db.select().from(teams).where(eq(teams.id, id));
    return row;
  },

  riders(db: Executor, teamId?: string): Promise<RiderRow[]> {
    return db
      .select()
      .from(riders)
      .where(teamId ? eq(riders.teamId, teamId) : undefined)
      .orderBy(asc(riders.name));
  },
};
