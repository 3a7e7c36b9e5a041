import type { LiveSnapshot } from '@speedway/contracts';
import { LIVE_EVENTS } from '@speedway/contracts';
import { PassThrough } from 'node:stream';

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
 * streams held 10,000 timers).
 */
const beats = new Map<number, { timer: NodeJS.Timeout; streams: Set<() => void> }>();
const PING = Buffer.from(': ping\n\n');

function beatEvery(periodMs: number, beat: () => void): () => void {
  let group = beats.get(periodMs);
  if (!group) {
    const streams = new Set<() => void>();
    const timer = setInterval(() => streams.forEach((each) => each()), periodMs);
    timer.unref();
    group = { timer, streams };
    beats.set(periodMs, group);
  }
  group.streams.add(beat);
  const current = group;
  return () => {
    current.streams.delete(beat);
    if (current.streams.size === 0 && beats.get(periodMs) === current) {
      clearInterval(current.timer);
      beats.delete(periodMs);
    }
  };
}

/**
 * A Server-Sent Events body: each snapshot as an event whose id is the protocol's version (a
 * reconnect names what it has), comments as heartbeats so that proxies and the idle timeout keep
 * the connection, and a 'gone' event before the end when the link is revoked.
 */
export function createEventStream(heartbeatMs: number) {
  const body = new PassThrough();
  const write = (chunk: string | Buffer) => {
    if (!body.writableEnded) body.write(chunk);
  };
  const stopBeating = beatEvery(heartbeatMs, () => write(PING));
  body.on('close', stopBeating);
  const end = () => {
    stopBeating();
    if (!body.writableEnded) body.end();
  };
  write(`retry: ${RECONNECT_MS}\n\n`);
  return {
    body,
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
