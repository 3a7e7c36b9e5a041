import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TeamListSchema,
  TeamRidersQuerySchema,
  TeamRidersSchema,
  UuidParamsSchema,
} from '@speedway/contracts';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../../plugins/auth';
import * as teams from './teams.service';

/** Teams with their standing, and a team's riders (spec §7). */
export async function teamsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireAuth);

  r.get('/teams', {
    schema: { response: { 200: TeamListSchema } },
    handler: () => teams.listTeams(ctx),
  });

  r.get('/teams/:id/riders', {
    schema: {
      params: UuidParamsSchema,
      querystring: TeamRidersQuerySchema,
      response: { 200: TeamRidersSchema },
    },
    handler: (req) => teams.teamRiders(ctx, authOf(req), req.params.id, req.query.match_id),
  });
}
