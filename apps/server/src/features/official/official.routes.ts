import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmptyBodySchema,
  ErrorCodes,
  FollowListSchema,
  FollowStateSchema,
  OfficialImportSummarySchema,
  OfficialMatchDetailSchema,
  OfficialMatchListSchema,
  UuidParamsSchema,
} from '@speedway/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { createJsonTextSender } from '../../lib/json-text';
import { authOf, requireAuth, requireRole } from '../../plugins/auth';
import { createOfficialReadCache } from './official-read-cache';
import * as official from './official.service';

/**
 * A season with results is larger than an ordinary request: one league's season with every
 * heat, pretty-printed, is about 1 MB. 5 MB takes several leagues at once; a larger file can be
 * split, or imported with `npm run import` (no HTTP, no limit but the format's own bounds).
 */
export const IMPORT_BODY_LIMIT_MB = 5;
const IMPORT_BODY_LIMIT = IMPORT_BODY_LIMIT_MB * 1024 * 1024;

const importTooLarge = () =>
  new AppError(
    413,
    ErrorCodes.BODY_TOO_LARGE,
    `Filen är för stor: högst ${IMPORT_BODY_LIMIT_MB} MB kan importeras här. ` +
      'Dela upp den, eller importera den med npm run import.',
  );

/** Official matches (spec §7), the import for super_admin, and follows ('Mina bevakningar'). */
export async function officialRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireAuth);

  const cache = createOfficialReadCache(ctx.db);
  const sendJson = createJsonTextSender();

  // Answered with JSON text built by the read cache (the schema documents the reply; the cache's
  // output is checked against it in official-read-cache.test.ts).
  r.get('/official-matches', {
    schema: { response: { 200: OfficialMatchListSchema } },
    handler: async (req, reply) => {
      const { key, build } = await official.listOfficialMatches(cache, authOf(req));
      return sendJson(req, reply, key, build);
    },
  });

  r.get('/official-matches/:id', {
    schema: { params: UuidParamsSchema, response: { 200: OfficialMatchDetailSchema } },
    handler: async (req, reply) => {
      const { key, build } = await official.getOfficialMatch(cache, authOf(req), req.params.id);
      return sendJson(req, reply, key, build);
    },
  });

  // The body is a `speedway-official/1` document. The service checks it against the format
  // (OfficialDataFileSchema's rules), so that every problem names its match (external_id) and
  // field.
  r.post('/official-matches/import', {
    // Before the body is read: only a super_admin may make the server take in a large body.
    onRequest: requireRole('super_admin'),
    bodyLimit: IMPORT_BODY_LIMIT,
    // Beyond the limit, say what the limit is; every other error goes on to the app's handler.
    errorHandler: (err: FastifyError) => {
      throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? importTooLarge() : err;
    },
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
