import { describe, expect, it, vi } from 'vitest';
import { PassThrough } from 'node:stream';
import type { LiveSnapshot } from '@speedway/contracts';
import {
  BEAT_SLICES,
  createEventStream,
  lastEventIdOf,
  snapshotEvent,
  streamHead,
} from './live-stream';

/** A stream written to a sink whose text the test reads. */
function open(heartbeatMs: number) {
  const body = new PassThrough();
  const stream = createEventStream(body, heartbeatMs);
  return Object.assign(stream, { body });
}

function collect(stream: ReturnType<typeof open>) {
  let text = '';
  stream.body.setEncoding('utf8');
  stream.body.on('data', (chunk: string) => (text += chunk));
  return () => text;
}

describe('the live event stream', () => {
  it('tells the browser its reconnect delay, beats while idle and ends with “gone”', async () => {
    const stream = open(20);
    const text = collect(stream);
    await new Promise((r) => setTimeout(r, 70));
    expect(text()).toMatch(/^retry: 2000\n\n(: ping\n\n){2,}/);
    stream.gone();
    expect(text().endsWith('event: gone\ndata: \n\n')).toBe(true);
    expect(stream.body.writableEnded).toBe(true);
  });

  it('beats every stream of a period from one timer, and stops beating an ended one', async () => {
    const streams = [open(20), open(20), open(20)];
    const texts = streams.map(collect);
    streams[0]!.end();
    await new Promise((r) => setTimeout(r, 70));
    expect(texts[0]!()).toBe('retry: 2000\n\n');
    for (const text of texts.slice(1)) expect(text()).toMatch(/^retry: 2000\n\n(: ping\n\n){2,}$/);
    streams.forEach((stream) => stream.end());
  });

  it('beats the streams of a period a slice a tick, each once a period', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const period = 3000;
      const count = BEAT_SLICES * 4;
      const streams = Array.from({ length: count }, () => open(period));
      const texts = streams.map(collect);
      const pings = () => texts.map((text) => text().split(': ping').length - 1);
      const flush = () => new Promise((r) => setImmediate(r));
      await flush();
      // One tick beats one slice: the streams opened together are spread evenly.
      for (let tick = 1; tick <= BEAT_SLICES; tick++) {
        vi.advanceTimersByTime(period / BEAT_SLICES);
        await flush();
        expect(pings().reduce((a, b) => a + b, 0)).toBe(tick * 4);
      }
      // A whole period: every stream once; two periods: every stream twice.
      expect(pings()).toEqual(Array(count).fill(1));
      vi.advanceTimersByTime(period);
      await flush();
      expect(pings()).toEqual(Array(count).fill(2));
      streams.forEach((stream) => stream.end());
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a snapshot as one event, encoded once for every stream that is told it', async () => {
    const snapshot = { version: 7, completed_heats: 3 } as unknown as LiveSnapshot;
    const [a, b] = [open(60_000), open(60_000)];
    const [textA, textB] = [collect(a), collect(b)];
    a.snapshot(snapshot);
    b.snapshot(snapshot);
    await new Promise((r) => setImmediate(r));
    const event = `event: snapshot\nid: 7\ndata: ${JSON.stringify(snapshot)}\n\n`;
    expect(textA()).toBe(`retry: 2000\n\n${event}`);
    expect(textB()).toBe(textA());
    expect(snapshotEvent(snapshot)).toBe(snapshotEvent(snapshot));
    a.end();
    b.end();
  });

  it('writes nothing more to a sink that has ended or gone', () => {
    const sink = { writableEnded: false, destroyed: false, write: vi.fn(), end: vi.fn() };
    const stream = createEventStream(sink as never, 60_000);
    expect(sink.write).toHaveBeenCalledTimes(1); // retry:
    sink.destroyed = true;
    stream.snapshot({ version: 1 } as unknown as LiveSnapshot);
    stream.gone();
    stream.end();
    expect(sink.write).toHaveBeenCalledTimes(1);
    expect(sink.end).not.toHaveBeenCalled();
  });

  it('heads the response with the headers given, one a line, and closes the connection', () => {
    const head = streamHead({
      'content-type': 'text/event-stream; charset=utf-8',
      'x-frame-options': 'DENY',
      vary: ['origin', 'accept-encoding'],
      'content-length': 12,
      connection: 'keep-alive',
      'x-bad': 'a\r\nset-cookie: x=1',
      'x-none': undefined,
    });
    const lines = head.split('\r\n');
    expect(lines[0]).toBe('HTTP/1.1 200 OK');
    expect(lines[1]).toMatch(/^date: \w{3}, \d{2} \w{3} \d{4} /);
    expect(lines.slice(2)).toEqual([
      'content-type: text/event-stream; charset=utf-8',
      'x-frame-options: DENY',
      'vary: origin',
      'vary: accept-encoding',
      'connection: close',
      '',
      '',
    ]);
  });

  it('reads Last-Event-ID as a version, anything else as none', () => {
    expect(lastEventIdOf('12')).toBe(12);
    expect(lastEventIdOf(undefined)).toBe(-1);
    expect(lastEventIdOf('12abc')).toBe(-1);
    expect(lastEventIdOf('9'.repeat(30))).toBe(-1);
  });
});
