import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmptyBodySchema,
  SyncRunListSchema,
  SyncStartedSchema,
  SyncStatusSchema,
  TeamNameMappingInputSchema,
  TeamNameMappingListSchema,
  TeamNameMappingSchema,
} from '@speedway/contracts';
import type { AppContext } from '../../../context';
import { errorResponse, ROLE_ERRORS } from '../../../openapi/error-responses';
import { requireRole } from '../../../plugins/auth';
import * as sync from './sync.service';

/** The official-data sync for super_admin (/admin/official-data). */
export async function officialSyncRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireRole('super_admin'));

  r.get('/admin/official-sync', {
    schema: {
      operationId: 'getOfficialSyncStatus',
      summary: 'Visa källan för officiella data och synkningens läge',
      description: 'Källan (Svemo TA eller ingen), pågående och senaste körning, nästa körning.',
      tags: ['official-sync'],
      'x-roles': ['super_admin'],
      response: { 200: SyncStatusSchema, ...ROLE_ERRORS },
    },
    handler: () => sync.syncStatus(ctx),
  });

  r.post('/admin/official-sync', {
    schema: {
      operationId: 'startOfficialSync',
      summary: 'Synka nu mot Svemo TA',
      description:
        'Startar en körning som en av instanserna gör; svaret kommer direkt med körningens id. ' +
        'Följ den i `GET /api/admin/official-sync/runs`.',
      tags: ['official-sync'],
      'x-roles': ['super_admin'],
      body: EmptyBodySchema,
      response: {
        202: SyncStartedSchema.meta({
          description: 'Körningen är startad (`running`); svaret har dess id.',
        }),
        ...ROLE_ERRORS,
        409: errorResponse(
          'En körning pågår redan (`SYNC_RUNNING`), eller ingen källa är inställd ' +
            '(`SYNC_NOT_CONFIGURED`, `OFFICIAL_SOURCE=none`).',
        ),
      },
    },
    handler: async (_req, reply) => reply.code(202).send(await sync.startManualSync(ctx)),
  });

  r.get('/admin/official-sync/runs', {
    schema: {
      operationId: 'listOfficialSyncRuns',
      summary: 'Lista synkningens körningar, nyaste först',
      description: 'De 20 senaste, var och en med antal och avvisade sidor med skäl.',
      tags: ['official-sync'],
      'x-roles': ['super_admin'],
      response: { 200: SyncRunListSchema, ...ROLE_ERRORS },
    },
    handler: () => sync.listRuns(ctx),
  });

  r.get('/admin/official-sync/team-names', {
    schema: {
      operationId: 'listOfficialTeamNames',
      summary: 'Lista lagnamnen i Svemo TA och lagen de hör till',
      tags: ['official-sync'],
      'x-roles': ['super_admin'],
      response: { 200: TeamNameMappingListSchema, ...ROLE_ERRORS },
    },
    handler: () => sync.listTeamNames(ctx),
  });

  r.put('/admin/official-sync/team-names', {
    schema: {
      operationId: 'mapOfficialTeamName',
      summary: 'Koppla ett lagnamn i Svemo TA till ett lag i appen',
      description: 'Nästa körning importerar lagnamnets matcher till laget.',
      tags: ['official-sync'],
      'x-roles': ['super_admin'],
      body: TeamNameMappingInputSchema,
      response: {
        200: TeamNameMappingSchema,
        ...ROLE_ERRORS,
        404: errorResponse('Laget finns inte (`NOT_FOUND`).'),
      },
    },
    handler: (req) => sync.mapTeamName(ctx, req.body),
  });
}
