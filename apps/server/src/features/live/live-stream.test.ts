import { describe, expect, it } from 'vitest';
import { createEventStream, lastEventIdOf } from './live-stream';

function collect(stream: ReturnType<typeof createEventStream>) {
  let text = '';
  stream.body.setEncoding('utf8');
  stream.body.on('data', (chunk: string) => (text += chunk));
  return () => text;
}

describe('the live event stream', () => {
  it('tells the browser its reconnect delay, beats while idle and ends with “gone”', async () => {
    const stream = createEventStream(20);
    const text = collect(stream);
    await new Promise((r) => setTimeout(r, 70));
    expect(text()).toMatch(/^retry: 2000\n\n(: ping\n\n){2,}/);
    stream.gone();
    expect(text().endsWith('event: gone\ndata: \n\n')).toBe(true);
    expect(stream.body.writableEnded).toBe(true);
  });

  it('reads Last-Event-ID as a version, anything else as none', () => {
    expect(lastEventIdOf('12')).toBe(12);
    expect(lastEventIdOf(undefined)).toBe(-1);
    expect(lastEventIdOf('12abc')).toBe(-1);
    expect(lastEventIdOf('9'.repeat(30))).toBe(-1);
  });
});
