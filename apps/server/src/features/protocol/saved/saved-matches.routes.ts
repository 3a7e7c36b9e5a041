import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmptyBodySchema,
  MessageResponseSchema,
  ResolveBodySchema,
  SavedMatchListSchema,
  SavedMatchSchema,
  SaveProtocolResponseSchema,
  UuidParamsSchema,
} from '@speedway/contracts';
import type { SaveProtocolResponse } from '@speedway/contracts';
import type { AppContext } from '../../../context';
import { errorResponse, SIGNED_IN_ERRORS } from '../../../openapi/error-responses';
import {
  KEY_REUSED,
  PROTOCOL_CHANGED,
  PROTOCOL_MISSING,
  PROTOCOL_NOT_READY,
} from '../../../openapi/protocol-errors';
import { idempotentIfMatchHeaders } from '../../../openapi/request-headers';
import { authOf, requireAuth } from '../../../plugins/auth';
import { idempotent } from '../../../plugins/idempotency';
import { ifMatchOf } from '../../../plugins/precondition';
import * as saved from './saved-matches.service';

const SAVED_MISSING = errorResponse(
  'Den sparade matchen finns inte, eller är någon annans (`NOT_FOUND`).',
);

/**
 * Saving a protocol and the caller's saved matches (docs/spec/2-matches-protocols-admin.md §7).
 * Someone else's answers 404.
 */
export async function savedMatchesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireAuth);

  r.post('/matches/:id/save', {
    schema: {
      operationId: 'saveProtocol',
      summary: 'Spara protokoll: bekräfta det och spara en kopia',
      description:
        'Ett komplett protokoll (15 registrerade heat) bekräftas och blir skrivskyddat; dess ' +
        'sparade kopia skapas (201) eller förnyas (200).',
      tags: ['saved-matches'],
      'x-request-headers': idempotentIfMatchHeaders('av hela protokollet (`protocolTag`)'),
      params: UuidParamsSchema,
      body: EmptyBodySchema,
      response: {
        200: SaveProtocolResponseSchema,
        201: SaveProtocolResponseSchema,
        ...SIGNED_IN_ERRORS,
        404: PROTOCOL_MISSING,
        409: PROTOCOL_NOT_READY,
        412: PROTOCOL_CHANGED,
        422: KEY_REUSED,
      },
    },
    handler: async (req, reply) => {
      const ifMatch = ifMatchOf(req);
      await idempotent<{ saved: SaveProtocolResponse; created: boolean }>(
        ctx.db,
        req,
        reply,
        (key) => saved.saveProtocol(ctx, authOf(req), req.params.id, key, ifMatch),
        (result) => ({ status: result.created ? 201 : 200, body: result.saved }),
      );
      return reply;
    },
  });

  r.get('/user/matches', {
    schema: {
      operationId: 'listSavedMatches',
      summary: 'Lista mina sparade matcher',
      tags: ['saved-matches'],
      response: { 200: SavedMatchListSchema, ...SIGNED_IN_ERRORS },
    },
    handler: (req) => saved.listSavedMatches(ctx, authOf(req)),
  });

  r.get('/user/matches/:id', {
    schema: {
      operationId: 'getSavedMatch',
      summary: 'Hämta en sparad match med jämförelsen mot det officiella resultatet',
      tags: ['saved-matches'],
      params: UuidParamsSchema,
      response: { 200: SavedMatchSchema, ...SIGNED_IN_ERRORS, 404: SAVED_MISSING },
    },
    handler: (req) => saved.getSavedMatch(ctx, authOf(req), req.params.id),
  });

  r.put('/user/matches/:id/resolve', {
    schema: {
      operationId: 'resolveSavedMatch',
      summary: 'Lös en skillnad mot det officiella resultatet',
      tags: ['saved-matches'],
      params: UuidParamsSchema,
      body: ResolveBodySchema,
      response: {
        200: SavedMatchSchema,
        ...SIGNED_IN_ERRORS,
        404: SAVED_MISSING,
        409: errorResponse('Det finns inget officiellt resultat ännu (`NO_OFFICIAL_RESULT`).'),
      },
    },
    handler: (req) => saved.resolveSavedMatch(ctx, authOf(req), req.params.id, req.body.action),
  });

  r.delete('/user-matches/:id', {
    schema: {
      operationId: 'deleteSavedMatch',
      summary: 'Ta bort en sparad match och det bekräftade protokollet bakom den',
      tags: ['saved-matches'],
      params: UuidParamsSchema,
      body: EmptyBodySchema,
      response: { 200: MessageResponseSchema, ...SIGNED_IN_ERRORS, 404: SAVED_MISSING },
    },
    handler: (req) => saved.deleteSavedMatch(ctx, authOf(req), req.params.id),
  });
}
