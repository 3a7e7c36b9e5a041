import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Lru } from './lru';

export type Encoding = 'br' | 'gzip';

/**
 * A reply a read cache built as JSON text: `build` gives it, and `key` is the same for every
 * reply with the same text (so its compressed form can be shared).
 */
export type JsonReply = { key: string; build: () => string };

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

/**
 * `fast` for a reply compressed for one request (brotli 1 / gzip 1: about a fifth of the CPU of
 * brotli 5, some 15–30 % larger); `small` for one kept and sent again (brotli 5 / gzip 6).
 */
export type Effort = 'fast' | 'small';

export function encode(text: string, encoding: Encoding, effort: Effort = 'small'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: effort === 'fast' ? 1 : 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
        },
      })
    : gzipSync(text, { level: effort === 'fast' ? 1 : 6 });
}

/**
 * A reply as sent: compressed, or the UTF-8 text itself for a client that accepts no encoding;
 * `text` is kept until a second request shows a compressed reply is shared.
 */
type Entry = { body: Buffer; text: string | null };

/**
 * Answers with JSON that a read cache built as text. Fastify serialises no string or buffer whose
 * content type is JSON, so the route's response schema documents the reply without being run on
 * it; the builder checks its text against that schema in a test. Replies are built once per `key`
 * and encoding and kept (a small LRU), uncompressed ones too. A compressed one is compressed
 * first quickly, since most are one user's (their own protocol, a list with their own fields), and
 * again smaller at the first repeat, since a reply asked for twice is likely asked for many times
 * (a list that many users share).
 */
export function createJsonTextSender(options: { maxEntries?: number } = {}) {
  const maxEntries = options.maxEntries ?? 500;
  const encoded = new Lru<string, Entry>(maxEntries);
  /** What a write has just made, for the first read of its key (see `prime`). */
  const primed = new Lru<string, () => string>(maxEntries);
  const textOf = (key: string, build: () => string | Promise<string>) => {
    const fromWrite = primed.get(key);
    if (fromWrite === undefined) return build();
    primed.delete(key);
    return fromWrite();
  };

  async function send(
    request: FastifyRequest,
    reply: { type: FastifyReply['type'] },
    key: string,
    build: () => string | Promise<string>,
  ) {
    const r = (reply as FastifyReply).type('application/json; charset=utf-8');
    r.header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const cacheKey = `${encoding ?? 'identity'}:${key}`;
    let entry = encoded.get(cacheKey);
    if (!encoding) {
      // Kept like a compressed one: a client without Accept-Encoding (a script, a load generator,
      // a proxy that strips it) would otherwise have the reply read and built for every request,
      // at a tenth of the rate of one that accepts brotli.
      if (!entry) {
        entry = { body: Buffer.from(await textOf(key, build)), text: null };
        encoded.set(cacheKey, entry);
      }
      return r.send(entry.body);
    }
    if (!entry) {
      const text = await textOf(key, build);
      entry = { body: encode(text, encoding, 'fast'), text };
      encoded.set(cacheKey, entry);
    } else if (entry.text !== null) {
      entry.body = encode(entry.text, encoding, 'small');
      entry.text = null;
    }
    return r.header('content-encoding', encoding).send(entry.body);
  }

  return Object.assign(send, {
    /**
     * The text of `key` from what a write has just committed, built from memory only if the key
     * is read: the first read of the key (in any encoding) is answered with it instead of
     * `send`'s own builder, so a client that reads right after its write costs no query of the
     * data. The key must name the committed version (a revision), so the text can only ever be
     * the reply it stands for.
     */
    prime(key: string, build: () => string): void {
      primed.set(key, build);
    },
  });
}
