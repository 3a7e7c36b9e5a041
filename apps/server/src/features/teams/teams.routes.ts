import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TeamListSchema,
  TeamRidersQuerySchema,
  TeamRidersSchema,
  UuidParamsSchema,
} from '@speedway/contracts';
import type { AppContext } from '../../context';
import { createJsonTextSender } from '../../lib/json-text';
import { errorResponse, SIGNED_IN_ERRORS } from '../../openapi/error-responses';
import { authOf, requireAuth } from '../../plugins/auth';
import { createTeamsCache } from './teams-cache';
import * as teams from './teams.service';

/** Teams with their standing, and a team's riders (docs/spec/2-matches-protocols-admin.md §7). */
export async function teamsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireAuth);
  const teamsInTable = createTeamsCache(ctx.db);
  const sendJson = createJsonTextSender({ maxEntries: 8 });

  // Answered with JSON text from the per-instance cache (teams-cache.ts); the schema documents
  // the reply, and the text is checked against it in teams.routes.test.ts.
  r.get('/teams', {
    schema: {
      operationId: 'listTeams',
      summary: 'Lista lagen med tabellplacering',
      tags: ['teams'],
      response: { 200: TeamListSchema, ...SIGNED_IN_ERRORS },
    },
    handler: async (req, reply) => {
      const { key, build } = await teamsInTable(authOf(req));
      return sendJson(req, reply, key, build);
    },
  });

  r.get('/teams/:id/riders', {
    schema: {
      operationId: 'listTeamRiders',
      summary: 'Lista ett lags förare i en matchs laguppställning',
      description:
        '`match_id` är ett av mina protokoll eller en officiell match; utan den lagets förare.',
      tags: ['teams'],
      params: UuidParamsSchema,
      querystring: TeamRidersQuerySchema,
      response: {
        200: TeamRidersSchema,
        ...SIGNED_IN_ERRORS,
        404: errorResponse('Laget eller matchen finns inte (`NOT_FOUND`).'),
      },
    },
    handler: (req) => teams.teamRiders(ctx, authOf(req), req.params.id, req.query.match_id),
  });
}
