import { describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { createJsonTextSender, encode, preferredEncoding } from './json-text';

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.5', 'br'],
    ['gzip;q=0', null],
    ['identity', null],
    ['*', 'gzip'],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('createJsonTextSender', () => {
  /** The smallest request and reply the sender uses; returns what was sent. */
  function call(
    send: ReturnType<typeof createJsonTextSender>,
    build: () => string,
    acceptEncoding: string | null = 'br',
  ) {
    const sent: { headers: Record<string, string>; body?: unknown } = { headers: {} };
    const reply = {
      type: () => reply,
      header: (name: string, value: string) => {
        sent.headers[name] = value;
        return reply;
      },
      send: (body: unknown) => {
        sent.body = body;
        return reply;
      },
    };
    const request = {
      headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding },
    };
    return send(request as never, reply as never, 'list', build).then(() => sent);
  }

  it('compresses quickly first, smaller at the first repeat, and builds the text once', async () => {
    const text = JSON.stringify(
      Array.from({ length: 300 }, (_, i) => ({ id: i, home: 'Dackarna', away: 'Vetlanda' })),
    );
    let builds = 0;
    const send = createJsonTextSender();
    const build = () => {
      builds += 1;
      return text;
    };
    const first = (await call(send, build)).body as Buffer;
    const second = (await call(send, build)).body as Buffer;
    const third = (await call(send, build)).body as Buffer;
    expect(builds).toBe(1);
    expect(first).toEqual(encode(text, 'br', 'fast'));
    expect(second).toEqual(encode(text, 'br', 'small'));
    expect(third).toBe(second);
    expect(second.length).toBeLessThan(first.length);
    expect(brotliDecompressSync(second).toString()).toBe(text);
  });

  it('keeps the text for a client that accepts no encoding too: built once per key', async () => {
    const text = JSON.stringify({ id: 'p1', heats: [1, 2, 3] });
    let builds = 0;
    const send = createJsonTextSender();
    const build = () => {
      builds += 1;
      return text;
    };
    const first = await call(send, build, null);
    const second = await call(send, build, 'identity');
    expect(builds).toBe(1);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(Buffer.isBuffer(first.body) && first.body.toString()).toBe(text);
    expect(second.body).toBe(first.body);
    // Another encoding of the same key is its own entry, built again from the source.
    expect(brotliDecompressSync((await call(send, build)).body as Buffer).toString()).toBe(text);
    expect(builds).toBe(2);
  });

  it('answers the first read of a primed key with the text a write made, without building it', async () => {
    const text = JSON.stringify({ id: 'p1', revision: 4 });
    let builds = 0;
    const send = createJsonTextSender();
    const build = () => {
      builds += 1;
      return 'built from the database';
    };
    send.prime('list', () => text);
    expect(brotliDecompressSync((await call(send, build)).body as Buffer).toString()).toBe(text);
    expect(builds).toBe(0);
    // Used once: the key's next new encoding is built as any other.
    expect(((await call(send, build, null)).body as Buffer).toString()).toBe(
      'built from the database',
    );
    expect(builds).toBe(1);
  });
});
