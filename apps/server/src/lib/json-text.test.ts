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
  function call(send: ReturnType<typeof createJsonTextSender>, build: () => string) {
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
    const request = { headers: { 'accept-encoding': 'br' } };
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
});
