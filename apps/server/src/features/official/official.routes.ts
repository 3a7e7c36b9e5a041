import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmptyBodySchema,
  FollowListSchema,
  FollowStateSchema,
  OfficialImportSummarySchema,
  OfficialMatchDetailSchema,
  OfficialMatchListSchema,
  UuidParamsSchema,
} from '@speedway/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authOf, requireAuth, requireRole } from '../../plugins/auth';
import * as official from './official.service';

/** A season with results is larger than an ordinary request. */
const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

/** Official matches (spec §7), the import for super_admin, and follows ('Mina bevakningar'). */
export async function officialRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireAuth);

  r.get('/official-matches', {
    schema: { response: { 200: OfficialMatchListSchema } },
    handler: (req) => official.listOfficialMatches(ctx, authOf(req)),
  });

  r.get('/official-matches/:id', {
    schema: { params: UuidParamsSchema, response: { 200: OfficialMatchDetailSchema } },
    handler: (req) => official.getOfficialMatch(ctx, authOf(req), req.params.id),
  });

  // The body is a `speedway-official/1` document. The service validates it with
  // OfficialDataFileSchema, so that every problem names its match (external_id) and field.
  r.post('/official-matches/import', {
    preValidation: requireRole('super_admin'),
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      body: z.record(z.string(), z.unknown(), { message: 'Skicka ett JSON-objekt.' }),
      response: { 200: OfficialImportSummarySchema },
    },
    handler: (req) => official.importOfficialFile(ctx, req.body),
  });

  r.put('/official-matches/:id/follow', {
    schema: {
      params: UuidParamsSchema,
      body: EmptyBodySchema,
      response: { 200: FollowStateSchema },
    },
    handler: (req) => official.setFollow(ctx, authOf(req), req.params.id, true),
  });

  r.delete('/official-matches/:id/follow', {
    schema: {
      params: UuidParamsSchema,
      body: EmptyBodySchema,
      response: { 200: FollowStateSchema },
    },
    handler: (req) => official.setFollow(ctx, authOf(req), req.params.id, false),
  });

  r.get('/follows', {
    schema: { response: { 200: FollowListSchema } },
    handler: (req) => official.listFollows(ctx, authOf(req)),
  });
}
