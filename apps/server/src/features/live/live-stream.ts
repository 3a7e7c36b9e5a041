import type { LiveSnapshot } from '@speedway/contracts';
import { LIVE_EVENTS } from '@speedway/contracts';
import type { Writable } from 'node:stream';

/** How long the browser waits before it reconnects a dropped stream (the `retry:` field). */
export const RECONNECT_MS = 2000;

/** The Last-Event-ID a reconnecting browser sends: the version it has, or -1. */
export function lastEventIdOf(header: string | string[] | undefined): number {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^\d{1,9}$/.test(value) ? Number(value) : -1;
}

/** A snapshot's event, as every stream of its protocol sends it: encoded once for all of them. */
const events = new WeakMap<LiveSnapshot, Buffer>();

export function snapshotEvent(snapshot: LiveSnapshot): Buffer {
  let event = events.get(snapshot);
  if (!event) {
    event = Buffer.from(
      `event: ${LIVE_EVENTS.snapshot}\nid: ${snapshot.version}\ndata: ${JSON.stringify(snapshot)}\n\n`,
    );
    events.set(snapshot, event);
  }
  return event;
}

/**
 * The streams' heartbeats: one timer per period for every open stream, not one each (10,000
 * streams held 10,000 timers), and the streams beaten a slice at a time: the timer ticks
 * BEAT_SLICES times a period and beats one slice each tick (the streams spread evenly over them),
 * so every stream still hears a ping once a period. 10,000 pings written in one tick held the
 * event loop for a quarter of a second every 15 s, which every request in flight waited through
 * (issue 27: the round night's p99).
 */
export const BEAT_SLICES = 30;
type Beats = { timer: NodeJS.Timeout; slices: Set<() => void>[]; size: number; tick: number };
const beats = new Map<number, Beats>();
const PING = Buffer.from(': ping\n\n');

function beatEvery(periodMs: number, beat: () => void): () => void {
  let group = beats.get(periodMs);
  if (!group) {
    const created: Beats = {
      slices: Array.from({ length: BEAT_SLICES }, () => new Set<() => void>()),
      size: 0,
      tick: 0,
      timer: setInterval(() => {
        created.slices[created.tick]!.forEach((each) => each());
        created.tick = (created.tick + 1) % BEAT_SLICES;
      }, periodMs / BEAT_SLICES),
    };
    created.timer.unref();
    beats.set(periodMs, (group = created));
  }
  // The smallest slice, so that streams opened together (a reconnect after an instance went down)
  // are beaten apart; whichever it is, its turn comes within a period.
  const slice = group.slices.reduce((least, each) => (each.size < least.size ? each : least));
  slice.add(beat);
  group.size += 1;
  const current = group;
  return () => {
    if (!slice.delete(beat)) return;
    current.size -= 1;
    if (current.size === 0 && beats.get(periodMs) === current) {
      clearInterval(current.timer);
      beats.delete(periodMs);
    }
  };
}

/** Where a stream's text goes: the viewer's socket (live.routes.ts), or anything writable. */
export type EventSink = Pick<Writable, 'write' | 'end' | 'writableEnded' | 'destroyed'>;

/**
 * A Server-Sent Events body written to `sink`: each snapshot as an event whose id is the
 * protocol's version (a reconnect names what it has), comments as heartbeats so that proxies and
 * the idle timeout keep the connection, and a 'gone' event before the end when the link is
 * revoked. Nothing of its own is buffered: a write goes to the sink as it is (ADR 030).
 */
export function createEventStream(sink: EventSink, heartbeatMs: number) {
  const write = (chunk: string | Buffer) => {
    if (!sink.writableEnded && !sink.destroyed) sink.write(chunk);
  };
  const stopBeating = beatEvery(heartbeatMs, () => write(PING));
  const end = () => {
    stopBeating();
    if (!sink.writableEnded && !sink.destroyed) sink.end();
  };
  write(`retry: ${RECONNECT_MS}\n\n`);
  return {
    snapshot(snapshot: LiveSnapshot) {
      write(snapshotEvent(snapshot));
    },
    gone() {
      write(`event: ${LIVE_EVENTS.gone}\ndata: \n\n`);
      end();
    },
    end,
  };
}

/** A header value as it may stand in a response head: no line breaks or other control bytes. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * The head of an event stream's response, written by the route itself to the socket (ADR 030):
 * status, the headers given, and `connection: close`, since the body runs until the socket ends.
 */
export function streamHead(
  headers: Record<string, string | number | string[] | undefined>,
): string {
  const lines = ['HTTP/1.1 200 OK', `date: ${new Date().toUTCString()}`];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'connection' || name === 'content-length') continue;
    for (const each of Array.isArray(value) ? value : [value]) {
      const text = String(each);
      if (HEADER_VALUE.test(text)) lines.push(`${name}: ${text}`);
    }
  }
  lines.push('connection: close');
  return `${lines.join('\r\n')}\r\n\r\n`;
}
