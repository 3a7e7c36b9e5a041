// The round night's live viewers, held in a worker thread of their own (issue 27 §2).
//
// The generator times every API request on its main thread. With the 10,000 streams on that same
// thread, their chunks, parses and the collections of what they allocate stood its loop still
// 40–55 times an evening (up to 688 ms), and each stall was counted as latency of every request
// answered meanwhile: a cost of the generator, not of the server. Here the streams hold the
// worker's loop instead. The main thread tells the worker when each heat's save left on a socket
// (`sent`, in the process-wide clock: timeOrigin + now); the worker notes when each viewer was
// told each heat, and the delays are taken between the two when the evening's result is asked
// for, so an event that reaches the worker before the message of its save still counts.
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { openViewer, openViewers } from './live-viewers.mjs';

/** EventSource's pause before it reconnects (the stream's `retry:` is 3 s; a bench waits less). */
const RECONNECT_MS = 1000;
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const now = () => performance.timeOrigin + performance.now();

/**
 * The viewers' thread, as the main thread sees it. `open(count, urls)` opens `count` viewers, the
 * n-th on `urls[n % urls.length]`, and resolves with { refused, seconds, open }; `sent(link,
 * heat, at)` tells it the save of `heat` on link `link` left at `at` (the main thread's
 * performance.now()); `measure(on)` starts (resetting the reconnects) or ends the evening;
 * `counts()` gives { reconnects, failedReconnects }; `result(finalHeats)`, with each link's last
 * saved heat, gives the delays (sorted, ms), the viewers still open and how many missed the last
 * heat; `stop()` closes every stream and ends the thread.
 */
export function startViewerThread() {
  const worker = new Worker(new URL(import.meta.url), { workerData: { viewerThread: true } });
  const waiting = new Map();
  let next = 0;
  let failed = null;
  worker.on('message', ({ id, value, error }) => {
    const call = waiting.get(id);
    waiting.delete(id);
    if (error) call?.reject(new Error(error));
    else call?.resolve(value);
  });
  worker.on('error', (error) => {
    failed = error;
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  });
  const call = (type, args) =>
    failed
      ? Promise.reject(failed)
      : new Promise((resolve, reject) => {
          const id = ++next;
          waiting.set(id, { resolve, reject });
          worker.postMessage({ id, type, args });
        });
  return {
    open: (count, urls) => call('open', { count, urls }),
    measure: (on) => call('measure', { on }),
    sent: (link, heat, at) =>
      worker.postMessage({ type: 'sent', args: { link, heat, at: performance.timeOrigin + at } }),
    counts: () => call('counts'),
    result: (finalHeats) => call('result', { finalHeats }),
    async stop() {
      await call('stop').catch(() => undefined);
      await worker.terminate();
    },
  };
}

/**
 * A viewer that stays: its stream, opened again with Last-Event-ID whenever it ends (an instance
 * killed, drained), until `stop`. `seen` is the newest heat count it has been told.
 */
function keepViewing(url, address, onHeat, counters) {
  const viewer = { seen: 0, lastId: undefined, request: null, stopped: false };
  const open = () =>
    openViewer(
      url,
      address,
      (snapshot, id) => {
        viewer.lastId = id;
        // A nomination or a saved protocol changes the snapshot too: a heat is new only once.
        if (snapshot.completed_heats <= viewer.seen) return;
        viewer.seen = snapshot.completed_heats;
        onHeat(snapshot.completed_heats);
      },
      () => {
        if (viewer.stopped) return;
        counters.reconnects += 1;
        void sleep(RECONNECT_MS).then(reopen);
      },
      viewer.lastId,
    ).then((request) => (viewer.request = request));
  const reopen = () => {
    if (viewer.stopped) return;
    open().catch(() => {
      counters.failedReconnects += 1;
      void sleep(RECONNECT_MS).then(reopen);
    });
  };
  viewer.stop = () => {
    viewer.stopped = true;
    viewer.request?.destroy();
  };
  return { viewer, opened: open() };
}

/** The worker's side: the viewers, and when each was told each heat. */
function serveViewers(port) {
  const viewers = [];
  const counters = { reconnects: 0, failedReconnects: 0 };
  /** Per link: heat → when its save left. */
  let sentAt = [];
  /** [link, heat, when a viewer was told] for every new heat a viewer saw while measuring. */
  const told = [];
  let measuring = false;

  const handlers = {
    async open({ count, urls }) {
      sentAt = urls.map(() => new Map());
      const connected = await openViewers(
        count,
        urls.map((url, link) => ({ url, link })),
        ({ url }) => url,
        async (url, address, { link }) => {
          const { viewer, opened } = keepViewing(
            url,
            address,
            (heat) => measuring && told.push([link, heat, now()]),
            counters,
          );
          viewer.link = link;
          await opened;
          viewers.push(viewer);
        },
      );
      return { refused: connected.refused, seconds: connected.seconds, open: viewers.length };
    },
    measure({ on }) {
      measuring = on;
      if (on) counters.reconnects = 0;
    },
    sent({ link, heat, at }) {
      sentAt[link]?.set(heat, at);
    },
    counts: () => ({ ...counters }),
    result({ finalHeats }) {
      const delays = [];
      for (const [link, heat, at] of told) {
        const sent = sentAt[link].get(heat);
        if (sent !== undefined) delays.push(at - sent);
      }
      delays.sort((a, b) => a - b);
      const behind = viewers.filter((v) => v.seen < finalHeats[v.link]).length;
      return { delays, open: viewers.length, behind, ...counters };
    },
    stop() {
      for (const viewer of viewers) viewer.stop();
    },
  };

  port.on('message', async ({ id, type, args }) => {
    try {
      const value = await handlers[type](args ?? {});
      if (id !== undefined) port.postMessage({ id, value });
    } catch (error) {
      if (id !== undefined) port.postMessage({ id, error: error.message });
    }
  });
}

if (!isMainThread && workerData?.viewerThread) serveViewers(parentPort);
