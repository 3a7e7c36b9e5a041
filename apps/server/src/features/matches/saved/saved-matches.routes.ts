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
import { authOf, requireAuth } from '../../../plugins/auth';
import { idempotent } from '../../../plugins/idempotency';
import { ifMatchOf } from '../../../plugins/precondition';
import * as saved from './saved-matches.service';

/** Saving a protocol and the caller's saved matches (spec §7). Someone else's answers 404. */
export async function savedMatchesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireAuth);

  r.post('/matches/:id/save', {
    schema: {
      params: UuidParamsSchema,
      body: EmptyBodySchema,
      response: { 200: SaveProtocolResponseSchema, 201: SaveProtocolResponseSchema },
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
    schema: { response: { 200: SavedMatchListSchema } },
    handler: (req) => saved.listSavedMatches(ctx, authOf(req)),
  });

  r.get('/user/matches/:id', {
    schema: { params: UuidParamsSchema, response: { 200: SavedMatchSchema } },
    handler: (req) => saved.getSavedMatch(ctx, authOf(req), req.params.id),
  });

  r.put('/user/matches/:id/resolve', {
    schema: {
      params: UuidParamsSchema,
      body: ResolveBodySchema,
      response: { 200: SavedMatchSchema },
    },
    handler: (req) => saved.resolveSavedMatch(ctx, authOf(req), req.params.id, req.body.action),
  });

  r.delete('/user-matches/:id', {
    schema: {
      params: UuidParamsSchema,
      body: EmptyBodySchema,
      response: { 200: MessageResponseSchema },
    },
    handler: (req) => saved.deleteSavedMatch(ctx, authOf(req), req.params.id),
  });
}
