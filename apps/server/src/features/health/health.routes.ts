import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { errorResponse } from '../../openapi/error-responses';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get('/health', {
    schema: {
      operationId: 'getHealth',
      summary: 'Hälsokontroll: svarar när databasen svarar',
      description: 'För lastbalanserare; ingen inloggning och ingen begränsning per klient.',
      tags: ['system'],
      response: {
        200: z.object({ status: z.literal('ok') }),
        503: errorResponse('Databasen svarar inte (`DATABASE_UNAVAILABLE`).'),
      },
    },
    handler: async () => {
      try {
        await ctx.db.execute(sql`SELECT 1`);
      } catch {
        throw new AppError(503, 'DATABASE_UNAVAILABLE', 'Databasen svarar inte.');
      }
      return { status: 'ok' as const };
    },
  });
}
