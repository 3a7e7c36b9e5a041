import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  HeadToHeadParamsSchema,
  HeadToHeadSchema,
  MergeRidersSchema,
  RiderIdentityListSchema,
  RiderIdentityQuerySchema,
  RiderIdentitySchema,
  RiderRankingQuerySchema,
  RiderRankingSchema,
  RiderStatsSchema,
  SplitRiderSchema,
  StatsSeasonQuerySchema,
  TeamSeasonStatsSchema,
  UuidParamsSchema,
} from '@speedway/contracts';
import type { AppContext } from '../../context';
import { errorResponse, ROLE_ERRORS, SIGNED_IN_ERRORS } from '../../openapi/error-responses';
import { authOf, requireAuth, requireRole } from '../../plugins/auth';
import * as identities from './rider-identities.service';
import { createStatisticsCache } from './statistics-cache';
import * as stats from './statistics.service';

const RIDER_MISSING = errorResponse('Föraren finns inte (`NOT_FOUND`).');
const SEASON =
  'Utan `season` den senaste säsongen med officiella heat; en säsong utan något att visa ' +
  'svarar `season: null` och tomma listor.';
const RIDER_ID =
  '`id` är en förares id (identitet) eller en trupps förare (`rider_id` i laguppställningar och ' +
  'protokoll); svarets `rider.id` är alltid identitetens.';

/**
 * Season statistics from the official heats (issue 28), for every signed-in user like the table,
 * and the riders' identities for super_admin. Every page's data is one request answered from the
 * per-instance cache (statistics-cache.ts) that an import, a sync or an identity change refreshes.
 */
export async function statisticsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireAuth);
  const cache = createStatisticsCache(ctx.db);

  r.get('/stats/riders', {
    schema: {
      operationId: 'listRiderStats',
      summary: 'Säsongens förare med snitt, sorterade och filtrerade',
      description:
        `${SEASON} Sortering: \`average\` (snitt, sedan fler heat, sedan namn) som standard, ` +
        'varje siffra högst först, `name` A–Ö, `maximums` = fulla + betalda maximum. `team_id` ' +
        'ger förare som kört för laget, `min_heats` de med minst så många heat.',
      tags: ['statistics'],
      querystring: RiderRankingQuerySchema,
      response: { 200: RiderRankingSchema, ...SIGNED_IN_ERRORS },
    },
    handler: (req) => stats.riderRanking(cache, authOf(req), req.query),
  });

  r.get('/stats/riders/:id', {
    schema: {
      operationId: 'getRiderStats',
      summary: 'En förares säsong: snitt, per startspår, per typ av heat, matcher och motståndare',
      description: `${RIDER_ID} Utan \`season\` förarens senaste säsong med heat.`,
      tags: ['statistics'],
      params: UuidParamsSchema,
      querystring: StatsSeasonQuerySchema,
      response: { 200: RiderStatsSchema, ...SIGNED_IN_ERRORS, 404: RIDER_MISSING },
    },
    handler: (req) => stats.riderStats(cache, authOf(req), req.params.id, req.query.season),
  });

  r.get('/stats/riders/:id/head-to-head/:opponentId', {
    schema: {
      operationId: 'getRiderHeadToHead',
      summary: 'Två förares möten under en säsong: varje heat och vem som kom före',
      description: `${RIDER_ID} Detsamma för \`opponentId\`. Utan \`season\` förarens senaste säsong.`,
      tags: ['statistics'],
      params: HeadToHeadParamsSchema,
      querystring: StatsSeasonQuerySchema,
      response: {
        200: HeadToHeadSchema,
        ...SIGNED_IN_ERRORS,
        404: errorResponse('Föraren eller motståndaren finns inte (`NOT_FOUND`).'),
      },
    },
    handler: (req) =>
      stats.riderHeadToHead(
        cache,
        authOf(req),
        req.params.id,
        req.params.opponentId,
        req.query.season,
      ),
  });

  r.get('/stats/teams/:id', {
    schema: {
      operationId: 'getTeamStats',
      summary: 'Ett lags säsong: hemma och borta, form, startspår och förarnas snitt',
      description:
        'Utan `season` lagets senaste säsong med officiella resultat; matcher utan heat räknas ' +
        'i hemma, borta och formen.',
      tags: ['statistics'],
      params: UuidParamsSchema,
      querystring: StatsSeasonQuerySchema,
      response: {
        200: TeamSeasonStatsSchema,
        ...SIGNED_IN_ERRORS,
        404: errorResponse('Laget finns inte (`NOT_FOUND`).'),
      },
    },
    handler: (req) => stats.teamStats(cache, authOf(req), req.params.id, req.query.season),
  });

  r.get('/admin/riders', {
    preValidation: requireRole('super_admin'),
    schema: {
      operationId: 'listRiderIdentities',
      summary: 'Sök förare (identiteter) med deras poster per lag och säsong',
      description:
        `Högst ${identities.IDENTITY_LIST_LIMIT}, efter namn. \`q\` söker i förarens och ` +
        'postenas namn, utan hänsyn till versaler, mellanslag och diakritiska tecken.',
      tags: ['statistics'],
      'x-roles': ['super_admin'],
      querystring: RiderIdentityQuerySchema,
      response: { 200: RiderIdentityListSchema, ...ROLE_ERRORS },
    },
    handler: (req) => identities.listRiderIdentities(ctx, req.query.q),
  });

  r.post('/admin/riders/:id/merge', {
    preValidation: requireRole('super_admin'),
    schema: {
      operationId: 'mergeRiderIdentities',
      summary: 'Slå ihop två förare som är samma person',
      description:
        'Alla poster hos `id` flyttas till `into`, som behålls och svaras; `id` tas bort. ' +
        'Sammanslagningen står sig mot senare importer.',
      tags: ['statistics'],
      'x-roles': ['super_admin'],
      params: UuidParamsSchema,
      body: MergeRidersSchema,
      response: {
        200: RiderIdentitySchema,
        ...ROLE_ERRORS,
        404: errorResponse('Någon av förarna finns inte (`NOT_FOUND`).'),
        409: errorResponse(
          'Förarna står i samma match (`CONFLICT`) och kan inte vara samma person.',
        ),
      },
    },
    handler: (req) => identities.mergeRiders(ctx, req.params.id, req.body.into),
  });

  r.post('/admin/riders/:id/split', {
    preValidation: requireRole('super_admin'),
    schema: {
      operationId: 'splitRiderIdentity',
      summary: 'Dela av en post (truppens förare och säsong) till en egen förare',
      description:
        'Posten flyttas till en ny förare, som svaras. Delningen står sig mot senare importer.',
      tags: ['statistics'],
      'x-roles': ['super_admin'],
      params: UuidParamsSchema,
      body: SplitRiderSchema,
      response: {
        200: RiderIdentitySchema,
        ...ROLE_ERRORS,
        404: errorResponse('Föraren finns inte, eller har inte den posten (`NOT_FOUND`).'),
        409: errorResponse('Posten är förarens enda (`CONFLICT`): det finns inget att dela.'),
      },
    },
    handler: (req) => identities.splitRider(ctx, req.params.id, req.body.entry_id, req.body.season),
  });
}
