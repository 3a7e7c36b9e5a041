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
import { errorResponse, SIGNED_IN_ERRORS } from '../../openapi/error-responses';
import {
  KEY_REUSED,
  PROTOCOL_CHANGED,
  PROTOCOL_MISSING,
  PROTOCOL_NOT_READY,
} from '../../openapi/protocol-errors';
import { IDEMPOTENT_HEADERS, idempotentIfMatchHeaders } from '../../openapi/request-headers';
import { authOf, requireAuth } from '../../plugins/auth';
import { idempotent } from '../../plugins/idempotency';
import { ifMatchOf } from '../../plugins/precondition';
import { createJsonTextSender } from '../../lib/json-text';
import * as matches from './protocol.service';

/**
 * The caller's own match protocols (docs/spec/2-matches-protocols-admin.md §7). Someone else's
 * protocol answers 404.
 */
export async function protocolRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireAuth);

  r.get('/matches', {
    schema: {
      operationId: 'listMatches',
      summary: 'Lista mina matchprotokoll',
      tags: ['matches'],
      response: { 200: MatchListSchema, ...SIGNED_IN_ERRORS },
    },
    handler: (req) => matches.listMatches(ctx, authOf(req)),
  });

  r.post('/matches/from-official', {
    schema: {
      operationId: 'createMatchFromOfficial',
      summary: 'Starta ett protokoll från en officiell match',
      description:
        '201 med ett nytt protokoll, 200 med det jag redan har av matchen (ett per match och ' +
        'användare). `id` väljer det nya protokollets id (ett protokoll startat offline).',
      tags: ['matches'],
      'x-request-headers': IDEMPOTENT_HEADERS,
      body: CreateFromOfficialBodySchema,
      response: {
        200: MatchSchema,
        201: MatchSchema,
        400: errorResponse(
          'Ogiltig indata, felaktig `Idempotency-Key` (`IDEMPOTENCY_KEY_INVALID`) eller ' +
            'laguppställningar som regelmotorn inte godtar (`INVALID_LINEUP`).',
        ),
        ...SIGNED_IN_ERRORS,
        404: errorResponse('Den officiella matchen finns inte (`NOT_FOUND`).'),
        409: errorResponse(
          'Laguppställningarna är inte publicerade (`LINEUPS_MISSING`), `id` används redan ' +
            '(`PROTOCOL_ID_TAKEN`), eller samma `Idempotency-Key` behandlas redan ' +
            '(`IDEMPOTENCY_KEY_IN_FLIGHT`).',
        ),
        422: KEY_REUSED,
      },
    },
    handler: async (req, reply) => {
      await idempotent<{ match: Match; created: boolean }>(
        ctx.db,
        req,
        reply,
        (key) => matches.createFromOfficial(ctx, authOf(req), req.body, key),
        ({ match, created }) => ({ status: created ? 201 : 200, body: match }),
      );
      return reply;
    },
  });

  const sendJson = createJsonTextSender();
  r.get('/matches/:id', {
    schema: {
      operationId: 'getMatch',
      summary: 'Hämta ett matchprotokoll',
      tags: ['matches'],
      params: UuidParamsSchema,
      response: { 200: MatchSchema, ...SIGNED_IN_ERRORS, 404: PROTOCOL_MISSING },
    },
    handler: async (req, reply) => {
      const { key, build } = await matches.getMatchReply(ctx, authOf(req), req.params.id);
      return sendJson(req, reply, key, build);
    },
  });

  r.post('/matches/:id/heat/:heatNumber/save', {
    schema: {
      operationId: 'saveHeat',
      summary: 'Spara ett heat: startspår, placeringar, R/R',
      description:
        'Poäng och bonus räknas av servern (skickade poäng litas aldrig på). Ändrade spår ' +
        'skickas i `assignments` (spår 1–4 → förar-id).',
      tags: ['matches'],
      'x-request-headers': idempotentIfMatchHeaders('av heatet (`heatTag`)'),
      params: MatchHeatParamsSchema,
      body: HeatSaveBodySchema,
      response: {
        200: HeatSaveResponseSchema,
        400: errorResponse(
          'Ogiltig indata, felaktig `Idempotency-Key` eller `If-Match`, eller regelmotorns ' +
            'avslag (t.ex. `INVALID_PLACEMENTS`, `UNKNOWN_RIDER`, `WRONG_TEAM`).',
        ),
        ...SIGNED_IN_ERRORS,
        404: errorResponse(
          'Protokollet finns inte eller är någon annans (`NOT_FOUND`), eller heatet finns inte ' +
            '(`HEAT_NOT_FOUND`).',
        ),
        409: errorResponse(
          'Protokollet är sparat (`PROTOCOL_CONFIRMED`), heatet är låst (`HEAT_LOCKED`, ' +
            '`NOMINATION_REQUIRED`, `LANE_LOCKED`, `HEAT_HAS_RESULTS`), taktisk reserv ej ' +
            'tillåten (`TACTICAL_NOT_ALLOWED`, `TOO_MANY_TACTICAL`), eller samma ' +
            '`Idempotency-Key` behandlas redan (`IDEMPOTENCY_KEY_IN_FLIGHT`).',
        ),
        412: errorResponse('`If-Match` anger en annan version av heatet (`HEAT_CHANGED`).'),
        422: KEY_REUSED,
      },
    },
    handler: async (req, reply) => {
      const { id, heatNumber } = req.params;
      const ifMatch = ifMatchOf(req);
      await idempotent(ctx.db, req, reply, (key) =>
        matches.saveHeat(ctx, authOf(req), id, heatNumber, req.body, key, ifMatch),
      );
      // A client that reads the protocol again at once gets it from this save (ADR 025).
      if (reply.statusCode === 200) {
        const committed = matches.committedMatchReply(ctx, authOf(req), id);
        if (committed) sendJson.prime(committed.key, committed.build);
      }
      return reply;
    },
  });

  r.put('/matches/:id/nominations', {
    schema: {
      operationId: 'saveNominations',
      summary: 'Nominera förare till heat 14 och 15',
      description:
        'heat15 (alla regelböcker) och heat14 (elitserien-2019); heat 14 tillämpas först. ' +
        'Varje nominering anger alla fyra startspår och vilka spår hemmalaget tar ' +
        "(`home_gates` '1-3' eller '2-4').",
      tags: ['matches'],
      'x-request-headers': idempotentIfMatchHeaders('av heat 14 och 15 (`nominationsTag`)'),
      params: UuidParamsSchema,
      body: NominationsBodySchema,
      response: {
        200: MatchSchema,
        400: errorResponse(
          'Ogiltig indata, felaktig `Idempotency-Key` eller `If-Match`, eller regelmotorns ' +
            'avslag (t.ex. `NOT_ELIGIBLE`, `WRONG_GATE`, `NOMINATION_INCOMPLETE`).',
        ),
        ...SIGNED_IN_ERRORS,
        404: PROTOCOL_MISSING,
        409: errorResponse(
          'Protokollet är sparat (`PROTOCOL_CONFIRMED`), nomineringen är låst ' +
            '(`NOMINATION_LOCKED`), eller samma `Idempotency-Key` behandlas redan ' +
            '(`IDEMPOTENCY_KEY_IN_FLIGHT`).',
        ),
        412: errorResponse('`If-Match` anger en annan version av heat 14/15 (`PROTOCOL_CHANGED`).'),
        422: KEY_REUSED,
      },
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
    schema: {
      operationId: 'confirmMatch',
      summary: 'Bekräfta protokollet (som Spara protokoll, svarar med protokollet)',
      tags: ['matches'],
      'x-request-headers': idempotentIfMatchHeaders('av hela protokollet (`protocolTag`)'),
      params: UuidParamsSchema,
      body: EmptyBodySchema,
      response: {
        200: MatchSchema,
        ...SIGNED_IN_ERRORS,
        404: PROTOCOL_MISSING,
        409: PROTOCOL_NOT_READY,
        412: PROTOCOL_CHANGED,
        422: KEY_REUSED,
      },
    },
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
      operationId: 'deleteMatch',
      summary: 'Ta bort ett matchprotokoll',
      tags: ['matches'],
      params: UuidParamsSchema,
      body: EmptyBodySchema,
      response: { 200: MessageResponseSchema, ...SIGNED_IN_ERRORS, 404: PROTOCOL_MISSING },
    },
    handler: (req) => matches.deleteMatch(ctx, authOf(req), req.params.id),
  });
}
