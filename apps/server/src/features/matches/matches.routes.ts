import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateFromOfficialBodySchema,
  EmptyBodySchema,
  HeatSaveBodySchema,
  HeatSaveResponseSchema,
  MatchHeatParamsSchema,
  MatchListSchema,
  MatchSchema,
  MessageResponseSchema,
  NominationsBodySchema,
  UuidParamsSchema,
} from '@speedway/contracts';
import type { Match } from '@speedway/contracts';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { ifMatchOf } from '../../plugins/precondition';
import { createJsonTextSender } from '../../lib/json-text';
import * as matches from './matches.service';

/** The caller's own match protocols (spec §7). Someone else's protocol answers 404. */
export async function matchesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireAuth);

  r.get('/matches', {
    schema: { response: { 200: MatchListSchema } },
    handler: (req) => matches.listMatches(ctx, authOf(req)),
  });

  r.post('/matches/from-official', {
    schema: {
      body: CreateFromOfficialBodySchema,
      response: { 200: MatchSchema, 201: MatchSchema },
    },
    handler: async (req, reply) => {
      await idempotent<{ match: Match; created: boolean }>(
        ctx.db,
        req,
        reply,
        (key) => matches.createFromOfficial(ctx, authOf(req), req.body.official_match_id, key),
        ({ match, created }) => ({ status: created ? 201 : 200, body: match }),
      );
      return reply;
    },
  });

  const sendJson = createJsonTextSender();
  r.get('/matches/:id', {
    schema: { params: UuidParamsSchema, response: { 200: MatchSchema } },
    handler: async (req, reply) => {
      const { key, build } = await matches.getMatchReply(ctx, authOf(req), req.params.id);
      return sendJson(req, reply, key, build);
    },
  });

  r.post('/matches/:id/heat/:heatNumber/save', {
    schema: {
      params: MatchHeatParamsSchema,
      body: HeatSaveBodySchema,
      response: { 200: HeatSaveResponseSchema },
    },
    handler: async (req, reply) => {
      const { id, heatNumber } = req.params;
      const ifMatch = ifMatchOf(req);
      await idempotent(ctx.db, req, reply, (key) =>
        matches.saveHeat(ctx, authOf(req), id, heatNumber, req.body, key, ifMatch),
      );
      return reply;
    },
  });

  r.put('/matches/:id/nominations', {
    schema: {
      params: UuidParamsSchema,
      body: NominationsBodySchema,
      response: { 200: MatchSchema },
    },
    handler: async (req, reply) => {
      const ifMatch = ifMatchOf(req);
      await idempotent(ctx.db, req, reply, (key) =>
        matches.saveNominations(ctx, authOf(req), req.params.id, req.body, key, ifMatch),
      );
      return reply;
    },
  });

  r.put('/matches/:id/confirm', {
    schema: { params: UuidParamsSchema, body: EmptyBodySchema, response: { 200: MatchSchema } },
    handler: async (req, reply) => {
      const ifMatch = ifMatchOf(req);
      await idempotent(ctx.db, req, reply, (key) =>
        matches.confirmMatch(ctx, authOf(req), req.params.id, key, ifMatch),
      );
      return reply;
    },
  });

  r.delete('/matches/:id', {
    schema: {
      params: UuidParamsSchema,
      body: EmptyBodySchema,
      response: { 200: MessageResponseSchema },
    },
    handler: (req) => matches.deleteMatch(ctx, authOf(req), req.params.id),
  });
}
