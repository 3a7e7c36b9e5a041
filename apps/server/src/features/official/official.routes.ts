import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmptyBodySchema,
  ErrorCodes,
  FollowListSchema,
  FollowStateSchema,
  OfficialImportSummarySchema,
  OfficialMatchDetailSchema,
  OfficialMatchListQuerySchema,
  OfficialMatchListSchema,
  OFFICIAL_WINDOW_MAX_DAYS,
  UuidParamsSchema,
} from '@speedway/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponse, ROLE_ERRORS, SIGNED_IN_ERRORS } from '../../openapi/error-responses';
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

const OFFICIAL_MISSING = errorResponse('Den officiella matchen finns inte (`NOT_FOUND`).');

/**
 * Official matches (docs/spec/2-matches-protocols-admin.md §7), the import for super_admin, and
 * follows ('Mina bevakningar').
 */
export async function officialRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireAuth);

  const cache = createOfficialReadCache(ctx.db);
  const sendJson = createJsonTextSender();

  // Answered with JSON text built by the read cache (the schema documents the reply; the cache's
  // output is checked against it in official-read-cache.test.ts).
  r.get('/official-matches', {
    schema: {
      operationId: 'listOfficialMatches',
      summary: 'Lista de officiella matcherna i ett fönster: en säsong eller högst ett år',
      description:
        'Utan parametrar: dagens och kommande matcher (från i dag, svensk tid, ett år framåt) ' +
        'och de som saknar starttid, det startsidan och /matches visar. `season` ger en säsong; ' +
        '`from` och `to` (ÅÅÅÅ-MM-DD, svensk tid, båda dagarna med) matcher som startar de ' +
        'dagarna. En match utan starttid räknas som senare än alla datum i sin säsong: den kommer ' +
        'med när `to` saknas och säsongen inte är slut före `from`s år. Utan `season` är ' +
        `fönstret högst ${OFFICIAL_WINDOW_MAX_DAYS} dagar: \`from\` blir i dag, \`to\` ett år ` +
        'efter `from`, `from` ett år före ett givet `to`. ' +
        'Sorterad efter start, odaterade sist.',
      tags: ['official'],
      querystring: OfficialMatchListQuerySchema,
      response: { 200: OfficialMatchListSchema, ...SIGNED_IN_ERRORS },
    },
    handler: async (req, reply) => {
      const { key, build } = await official.listOfficialMatches(cache, authOf(req), req.query);
      return sendJson(req, reply, key, build);
    },
  });

  r.get('/official-matches/:id', {
    schema: {
      operationId: 'getOfficialMatch',
      summary: 'Hämta en officiell match med laguppställningar och resultat',
      tags: ['official'],
      params: UuidParamsSchema,
      response: { 200: OfficialMatchDetailSchema, ...SIGNED_IN_ERRORS, 404: OFFICIAL_MISSING },
    },
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
      operationId: 'importOfficialData',
      summary: 'Importera officiella data (speedway-official/1)',
      description:
        `Ett \`speedway-official/1\`-dokument på högst ${IMPORT_BODY_LIMIT_MB} MB; rollen ` +
        'prövas innan innehållet läses. Ett fel någonstans avvisar hela filen och nämner match ' +
        'och fält; inget sparas.',
      tags: ['official'],
      'x-roles': ['super_admin'],
      body: z.record(z.string(), z.unknown(), { message: 'Skicka ett JSON-objekt.' }),
      response: {
        200: OfficialImportSummarySchema,
        400: errorResponse(
          'Filen följer inte formatet (`INVALID_OFFICIAL_DATA`, de första tio felen med match ' +
            'och fält), eller är inte ett JSON-objekt.',
        ),
        ...ROLE_ERRORS,
        413: errorResponse(`Filen är större än ${IMPORT_BODY_LIMIT_MB} MB (\`BODY_TOO_LARGE\`).`),
      },
    },
    handler: (req) => official.importOfficialFile(ctx, req.body),
  });

  r.put('/official-matches/:id/follow', {
    schema: {
      operationId: 'followOfficialMatch',
      summary: 'Bevaka en officiell match',
      description: 'Idempotent.',
      tags: ['official'],
      params: UuidParamsSchema,
      body: EmptyBodySchema,
      response: { 200: FollowStateSchema, ...SIGNED_IN_ERRORS, 404: OFFICIAL_MISSING },
    },
    handler: (req) => official.setFollow(ctx, authOf(req), req.params.id, true),
  });

  r.delete('/official-matches/:id/follow', {
    schema: {
      operationId: 'unfollowOfficialMatch',
      summary: 'Sluta bevaka en officiell match',
      description: 'Idempotent.',
      tags: ['official'],
      params: UuidParamsSchema,
      body: EmptyBodySchema,
      response: { 200: FollowStateSchema, ...SIGNED_IN_ERRORS, 404: OFFICIAL_MISSING },
    },
    handler: (req) => official.setFollow(ctx, authOf(req), req.params.id, false),
  });

  r.get('/follows', {
    schema: {
      operationId: 'listFollows',
      summary: 'Lista mina bevakade matcher, närmast först',
      tags: ['official'],
      response: { 200: FollowListSchema, ...SIGNED_IN_ERRORS },
    },
    handler: (req) => official.listFollows(ctx, authOf(req)),
  });
}
