import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/health', async () => {
    try {
      await ctx.db.execute(sql`SELECT 1`);
    } catch {
      throw new AppError(503, 'DATABASE_UNAVAILABLE', 'Databasen svarar inte.');
    }
    return { status: 'ok' };
  });
}
