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
