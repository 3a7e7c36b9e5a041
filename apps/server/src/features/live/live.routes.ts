import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmptyBodySchema,
  ErrorResponseSchema,
  LiveLinkStateSchema,
  LiveSnapshotSchema,
  LiveTokenParamsSchema,
  MessageResponseSchema,
  UuidParamsSchema,
} from '@speedway/contracts';
import type { AppContext } from '../../context';
import { sha256 } from '../../lib/crypto';
import { authOf, requireAuth } from '../../plugins/auth';
import { createLiveHub } from './live-hub';
import { createEventStream, lastEventIdOf, streamHead } from './live-stream';
import { createStreamSlots } from './live-stream-slots';
import * as live from './live.service';

/** A comment line on every open stream this often: proxies and idle timeouts keep it open. */
export const HEARTBEAT_MS = 15_000;

const errors = { 404: ErrorResponseSchema, 429: ErrorResponseSchema };
// 429 also when the address holds too many open streams, 503 when this instance does.
const streamErrors = { ...errors, 503: ErrorResponseSchema };
/** The 'error' listener a stream's unused response keeps, one for all of them. */
const ignore = () => undefined;
const ownerErrors = { 401: ErrorResponseSchema, 404: ErrorResponseSchema };

/** A shared page is for the people given its link, not for search engines. */
function publicHeaders(reply: FastifyReply) {
  reply.header('x-robots-tag', 'noindex');
}

/** 'Dela live' (ADR 012): the owner's link to a protocol, and what anyone with it sees. */
export async function liveRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => ownerRoutes(scope, ctx));
  await app.register(async (scope) => publicRoutes(scope, ctx));
}

/** The owner creates, reads and revokes a protocol's link; someone else's protocol is 404. */
async function ownerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireAuth);
  const tags = ['live'];

  r.get('/matches/:id/live-link', {
    schema: {
      operationId: 'getLiveLink',
      summary: 'Protokollets livelänk (null när det inte delas)',
      tags,
      params: UuidParamsSchema,
      response: { 200: LiveLinkStateSchema, ...ownerErrors },
    },
    handler: (req) => live.getLiveLink(ctx, authOf(req), req.params.id),
  });

  r.post('/matches/:id/live-link', {
    schema: {
      operationId: 'createLiveLink',
      summary: 'Dela protokollet live (skapar länken, eller ger den som redan används)',
      tags,
      params: UuidParamsSchema,
      body: EmptyBodySchema,
      response: { 200: LiveLinkStateSchema, 201: LiveLinkStateSchema, ...ownerErrors },
    },
    handler: async (req, reply) => {
      const { link, created } = await live.createLiveLink(ctx, authOf(req), req.params.id);
      return reply.code(created ? 201 : 200).send({ link });
    },
  });

  r.delete('/matches/:id/live-link', {
    schema: {
      operationId: 'revokeLiveLink',
      summary: 'Sluta dela protokollet live',
      tags,
      params: UuidParamsSchema,
      body: EmptyBodySchema,
      response: { 200: MessageResponseSchema, ...ownerErrors },
    },
    handler: (req) => live.revokeLiveLink(ctx, authOf(req), req.params.id),
  });
}

/** Without sign-in: the snapshot and the event stream of a link in use, rate-limited per IP. */
async function publicRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hub = createLiveHub(ctx);
  const slots = createStreamSlots(ctx.config.liveStreams);
  // Before the server waits for its connections to end: open streams would hold it for good.
  app.addHook('preClose', async () => hub.close());
  const tags = ['live'];
  const counted = async (req: FastifyRequest, reply: FastifyReply) => {
    publicHeaders(reply);
    await live.countLiveView(ctx, req.ip);
  };

  r.get('/live/:token', {
    schema: {
      operationId: 'getLiveSnapshot',
      summary: 'Ett delat protokoll: heat, ställning och förarnas poäng',
      tags,
      params: LiveTokenParamsSchema,
      response: { 200: LiveSnapshotSchema, ...errors },
    },
    preHandler: counted,
    handler: (req) => live.getLiveSnapshot(ctx, req.params.token),
  });

  r.get('/live/:token/events', {
    // An event must leave at once; a compressor would hold it back until its buffer fills.
    compress: false,
    schema: {
      operationId: 'streamLiveSnapshots',
      summary: 'Ett delat protokoll som Server-Sent Events: en ny ställning vid varje ändring',
      description:
        'text/event-stream. Händelsen `snapshot` (id: protokollets version) bär hela ställningen; ' +
        'Last-Event-ID ger det som ändrats sedan. `gone` när länken slutat gälla. ' +
        'Öppna flöden är begränsade per adress (429) och per serverinstans (503), båda med Retry-After.',
      tags,
      params: LiveTokenParamsSchema,
      response: { 200: z.string(), ...streamErrors },
    },
    preHandler: counted,
    handler: async (req, reply) => {
      const matchId = await live.protocolOfToken(ctx, req.params.token);
      const headers = {
        ...reply.getHeaders(),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-request-id': req.id,
      };
      // A HEAD learns what the stream would be; nothing is held open for it.
      if (req.method === 'HEAD') return reply.headers(headers).send('');
      // Every way out frees the slot: the viewer going, the stream ending, or the hub refusing.
      const release = slots.acquire(req.ip);
      const socket = req.raw.socket;
      // The stream is written to the socket itself, past Fastify's reply and Node's response
      // (ADR 030): an open stream then holds the least this process can keep for it.
      reply.hijack();
      // The response never finishes (the body runs until the socket closes), so its 'finish' and
      // 'error' listeners, Fastify's among them, never run; they would hold the request, the reply
      // and their logger for as long as the stream is open (ADR 030). Nothing writes to it any
      // more, but an 'error' it emitted without a listener would throw: one shared no-op stays.
      reply.raw.removeAllListeners('finish').removeAllListeners('error').on('error', ignore);
      // An ended stream closes the connection itself once its last bytes are out: the server's
      // sockets allow half-open connections, and a viewer that kept its side open would otherwise
      // hold this one until the idle timeout.
      socket.once('finish', () => socket.destroy());
      socket.once('close', release);
      if (socket.destroyed) return release();
      socket.write(streamHead(headers));
      const stream = createEventStream(socket, HEARTBEAT_MS);
      let stop: () => void;
      try {
        stop = await hub.watch(matchId, {
          tokenHash: sha256(req.params.token),
          version: lastEventIdOf(req.headers['last-event-id']),
          send: stream.snapshot,
          gone: stream.gone,
          end: stream.end,
        });
      } catch (error) {
        // The head is sent: the stream ends, and the browser opens it again after `retry`.
        req.log.error({ err: error }, 'live: a stream could not be opened');
        return stream.end();
      }
      // The viewer goes, or the stream ends (revoked, shutdown): the viewer leaves the hub.
      if (socket.destroyed) stop();
      else
        socket.once('close', () => {
          stop();
          stream.end();
        });
    },
  });
}
