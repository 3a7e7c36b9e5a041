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

/**
 * A Server-Sent Events body: each snapshot as an event whose id is the protocol's version (a
 * reconnect names what it has), comments as heartbeats so that proxies and the idle timeout keep
 * the connection, and a 'gone' event before the end when the link is revoked.
 */
export function createEventStream(heartbeatMs: number) {
  const body = new PassThrough();
  const write = (text: string) => {
    if (!body.writableEnded) body.write(text);
  };
  const heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);
  heartbeat.unref();
  body.on('close', () => clearInterval(heartbeat));
  const end = () => {
    clearInterval(heartbeat);
    if (!body.writableEnded) body.end();
  };
  write(`retry: ${RECONNECT_MS}\n\n`);
  return {
    body,
    snapshot(snapshot: LiveSnapshot) {
      write(
        `event: ${LIVE_EVENTS.snapshot}\nid: ${snapshot.version}\ndata: ${JSON.stringify(snapshot)}\n\n`,
      );
    },
    gone() {
      write(`event: ${LIVE_EVENTS.gone}\ndata: \n\n`);
      end();
    },
    end,
  };
}
