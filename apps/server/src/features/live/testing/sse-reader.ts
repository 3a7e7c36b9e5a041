import type { LiveSnapshot } from '@speedway/contracts';
import http from 'node:http';

export type SseEvent = { event: string; id: string | null; data: string };

/**
 * A Server-Sent Events reader for tests, over a real socket (app.inject waits for the end of a
 * reply, which a stream never reaches): parses events as they arrive and waits for the one asked.
 */
export async function openEvents(
  url: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  comments: string[];
  next: (match?: (e: SseEvent) => boolean, timeoutMs?: number) => Promise<SseEvent>;
  snapshot: (match?: (s: LiveSnapshot) => boolean, timeoutMs?: number) => Promise<LiveSnapshot>;
  ended: Promise<void>;
  close: () => void;
}> {
  const events: SseEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  let endedResolve = () => undefined as void;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, resolve);
    req.on('error', reject);
  });
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event: SseEvent = { event: 'message', id: null, data: '' };
      let isEvent = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) comments.push(line.slice(1).trim());
        else if (line.startsWith('event: ')) [event.event, isEvent] = [line.slice(7), true];
        else if (line.startsWith('id: ')) event.id = line.slice(4);
        else if (line.startsWith('data: ')) [event.data, isEvent] = [line.slice(6), true];
      }
      if (isEvent) events.push(event);
    }
    waiters.forEach((wake) => wake());
  });
  res.on('end', () => {
    endedResolve();
    waiters.forEach((wake) => wake());
  });
  res.on('close', () => endedResolve());

  let read = 0;
  function next(match: (e: SseEvent) => boolean = () => true, timeoutMs = 2000) {
    return new Promise<SseEvent>((resolve, reject) => {
      const check = () => {
        while (read < events.length) {
          const event = events[read++]!;
          if (match(event)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(event);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    events,
    comments,
    next,
    async snapshot(match = () => true, timeoutMs = 2000) {
      const event = await next(
        (e) => e.event === 'snapshot' && match(JSON.parse(e.data) as LiveSnapshot),
        timeoutMs,
      );
      return JSON.parse(event.data) as LiveSnapshot;
    },
    ended,
    close: () => res.destroy(),
  };
}
