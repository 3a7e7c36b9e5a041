import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Lru } from './lru';

export type Encoding = 'br' | 'gzip';

/** The encoding to answer in: brotli, else gzip, as the client accepts them (q=0 refuses). */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

export function encode(text: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
        },
      })
    : gzipSync(text, { level: 6 });
}

/**
 * Answers with JSON that a read cache built as text. Fastify serialises no string whose content
 * type is JSON, so the route's response schema documents the reply without being run on it; the
 * builder checks its text against that schema in a test. Replies that many requests share are
 * compressed once per `key` and kept (a small LRU), so compression costs nothing on a hit.
 */
export function createJsonTextSender(options: { maxEntries?: number } = {}) {
  const maxEntries = options.maxEntries ?? 500;
  const encoded = new Lru<string, Buffer>(maxEntries);

  return async function send(
    request: FastifyRequest,
    reply: { type: FastifyReply['type'] },
    key: string,
    build: () => string | Promise<string>,
  ) {
    const r = (reply as FastifyReply).type('application/json; charset=utf-8');
    r.header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return r.send(await build());
    const cacheKey = `${encoding}:${key}`;
    let body = encoded.get(cacheKey);
    if (!body) {
      body = encode(await build(), encoding);
      encoded.set(cacheKey, body);
    }
    return r.header('content-encoding', encoding).send(body);
  };
}
