import type { Match } from '@speedway/contracts';
import { heatTag, nominationsTag, protocolTag } from '@speedway/rules';
import { isBlocked, isDue, nextAttemptAt, parseRetryAfter } from './backoff';
import { classify } from './classify';
import { isOnline } from './connectivity';
import {
  deleteEntry,
  forgetSession,
  listEntries,
  newEntry,
  readSession,
  updateEntry,
  type OutboxEntry,
} from './db';
import { emitOutboxEvent, type Applied } from './events';
import { ApiError, sendJson } from './http';
import { followStartedProtocol } from './move-entries';
import { offlineNavigator } from './navigator';

// ADR 010 §4: sends a user's outbox. Per protocol strictly by seq (entry k+1 only after entry k
// was acknowledged and deleted); protocols independent; one runner per user across tabs and the
// service worker (Web Locks), and the order rule plus the server's 409 in-flight without them.
// No window, document or React here: the service worker's `sync` runs this too.

/** Outbox sends give up sooner than reads: a save must not keep the dialog long (ADR 010 §3). */
export const SEND_TIMEOUT_MS = 15_000;

export type { Applied } from './events';

export type ReplayOptions = {
  userId: string;
  token: string | null;
  /** Writes what the server answered into the app's caches before the entry is deleted. */
  apply?: (entry: OutboxEntry, applied: Applied) => void | Promise<void>;
  /**
   * A wake-up (online, visible, an enqueue): entries that last failed for want of a network are
   * due now instead of after their backoff. Server trouble (5xx, 429) keeps its wait.
   */
  wake?: boolean;
  /**
   * A 401: the app signs out (docs/spec/1-app-shell-auth-account.md §8); the service worker has
   * nobody to sign out.
   */
  onUnauthorized?: (serverMessage: string | undefined) => void;
  /** Web Locks; null runs without (tests, old browsers). Defaults to navigator.locks. */
  locks?: LockManager | null;
  now?: () => number;
  random?: () => number;
  isOnline?: () => boolean;
};

export type ReplayResult = {
  sent: number;
  stopped?: 'unauthorized' | 'offline';
  /** The earliest time a queued entry is due again; null when none waits or the pass stopped. */
  nextAttemptAt: number | null;
};

type Context = Required<Omit<ReplayOptions, 'apply' | 'locks' | 'token' | 'onUnauthorized'>> &
  Pick<ReplayOptions, 'apply' | 'token' | 'onUnauthorized'>;

/** The first entry of each protocol, in action order. */
function heads(entries: OutboxEntry[]): OutboxEntry[] {
  const first = new Map<string, OutboxEntry>();
  for (const entry of entries) if (!first.has(entry.matchId)) first.set(entry.matchId, entry);
  return [...first.values()];
}

/** The server's tag of what this entry changes, to tell whether the change is already there. */
function serverTag(entry: OutboxEntry, match: Match): string | null {
  // A start is there once the protocol can be read (ADR 019); it has no tag of its own.
  if (entry.kind === 'start-protocol') return entry.expect;
  if (entry.kind === 'heat') {
    const heat = match.heats.find((h) => h.heat_number === entry.heatNumber);
    return heat ? heatTag(heat) : null;
  }
  if (entry.kind === 'nominations') return nominationsTag(match);
  return match.status === 'confirmed' ? protocolTag(match) : null;
}

function errorOf(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(String(error), 0, 'NETWORK_ERROR');
}

class Pass {
  sent = 0;
  stopped: ReplayResult['stopped'];
  private readonly workers = new Map<string, Promise<void>>();
  /** Entries (seq:key) this pass has tried: one attempt each, however often it looks again. */
  private readonly tried = new Set<string>();
  private poke: () => void = () => undefined;

  constructor(private readonly ctx: Context) {}

  /** Another trigger arrived while this pass runs: look for due protocols again. */
  wake(wake: boolean): void {
    if (wake) {
      // News from outside (online again, say): what failed earlier in this pass may go again.
      this.ctx.wake = true;
      this.tried.clear();
    }
    this.poke();
  }

  private due(entry: OutboxEntry): boolean {
    return (
      !this.tried.has(`${entry.seq}:${entry.key}`) && isDue(entry, this.ctx.now(), this.ctx.wake)
    );
  }

  async run(): Promise<ReplayResult> {
    const { ctx } = this;
    for (;;) {
      if (!ctx.isOnline()) this.stopped ??= 'offline';
      if (this.stopped) break;
      const poked = new Promise<void>((resolve) => (this.poke = resolve));
      for (const head of heads(await listEntries(ctx.userId))) {
        if (this.workers.has(head.matchId) || !this.due(head)) continue;
        const worker = this.work(head.matchId).finally(() => this.workers.delete(head.matchId));
        this.workers.set(head.matchId, worker);
      }
      if (this.workers.size === 0) break;
      await Promise.race([...this.workers.values(), poked]);
    }
    await Promise.all(this.workers.values());
    // Stopped, there is no time to come back: 'online' or a new session wakes the runner.
    const nextAttemptAt = this.stopped ? null : await this.nextDue();
    return { sent: this.sent, stopped: this.stopped, nextAttemptAt };
  }

  private async nextDue(): Promise<number | null> {
    const waiting = heads(await listEntries(this.ctx.userId)).filter((e) => e.state === 'queued');
    return waiting.length > 0 ? Math.min(...waiting.map((e) => e.nextAttemptAt)) : null;
  }

  /** One protocol: its entries one after the other, until one waits, blocks or none is left. */
  private async work(matchId: string): Promise<void> {
    const { ctx } = this;
    while (!this.stopped) {
      const [head] = await listEntries(ctx.userId, matchId);
      if (!head || !this.due(head)) return;
      this.tried.add(`${head.seq}:${head.key}`);
      if (!(await this.send(head))) return;
    }
  }

  /** Sends one entry; true when it was acknowledged (and the next of its protocol may go). */
  private async send(head: OutboxEntry): Promise<boolean> {
    const { ctx } = this;
    // `sending` is written before the fetch: a crash leaves it, and the next pass resends.
    const entry = await updateEntry(head.seq, (e) =>
      e.key === head.key && !isBlocked(e)
        ? { ...e, state: 'sending', attempts: e.attempts + 1 }
        : null,
    );
    if (!entry) return true; // Settled meanwhile by another runner or the user: look again.
    emitOutboxEvent({ type: 'sending', userId: entry.userId, seq: entry.seq });
    this.changed();
    let reply: unknown;
    try {
      reply = await sendJson<unknown>(entry.path, {
        method: entry.method,
        body: entry.body,
        token: ctx.token ?? null,
        idempotencyKey: entry.key,
        ifMatch: entry.base || undefined,
        timeoutMs: SEND_TIMEOUT_MS,
        onUnauthorized: ctx.onUnauthorized,
      });
    } catch (caught) {
      return this.refused(entry, errorOf(caught));
    }
    await followStartedProtocol(entry, reply);
    await this.acknowledge(entry, { kind: 'reply', reply });
    return true;
  }

  private async acknowledge(entry: OutboxEntry, applied: Applied): Promise<void> {
    // The cache first, then the entry: a crash in between replays and gets the stored reply.
    // The server has the change either way: a cache that could not take it refetches.
    await Promise.resolve()
      .then(() => this.ctx.apply?.(entry, applied))
      .catch(() => undefined);
    // What follows it (a save's confirmation) goes on the tags this one was sent with.
    const { then, userId, matchId, base, expect } = entry;
    const next = then && newEntry({ ...then, userId, matchId, base, expect }, this.ctx.now());
    await deleteEntry(entry.seq, entry.key, next);
    this.sent += 1;
    const reply = applied.kind === 'reply' ? applied.reply : applied.match;
    emitOutboxEvent({
      type: 'settled',
      userId: entry.userId,
      seq: entry.seq,
      outcome: 'sent',
      reply,
      entry,
      applied,
    });
    this.changed();
  }

  private async refused(entry: OutboxEntry, error: ApiError): Promise<boolean> {
    const verdict = classify(error.status, error.code);
    const lastError = { status: error.status, code: error.code, message: error.message };
    if (verdict === 'unauthorized') {
      this.stopped = 'unauthorized';
      // The entry stays for this user; the token it was sent with is dead.
      await this.mark(entry, { state: 'queued', lastError }, 'unauthorized');
      const session = await readSession();
      if (session && session.token === this.ctx.token) await forgetSession(entry.userId);
      return false;
    }
    if (verdict === 'retry') {
      const retryAfter =
        error.status === 429 || error.status === 503
          ? parseRetryAfter(error.retryAfter, this.ctx.now())
          : null;
      const at = nextAttemptAt(entry.attempts, this.ctx.now(), retryAfter, this.ctx.random);
      await this.mark(entry, { state: 'queued', nextAttemptAt: at, lastError }, 'retry');
      return false;
    }
    if (verdict === 'conflict') {
      // Before a conflict is shown: is the change already on the server (a key older than 24 h)?
      const server = await this.readBack(entry);
      if (server instanceof ApiError) {
        // Not reached, signed out, or the protocol is gone: that answer decides instead.
        if (classify(server.status, server.code) !== 'conflict') return this.refused(entry, server);
      } else if (serverTag(entry, server) === entry.expect) {
        await this.acknowledge(entry, { kind: 'match', match: server });
        return true;
      }
    }
    await this.mark(entry, { state: verdict, lastError }, verdict);
    return false;
  }

  private readBack(entry: OutboxEntry): Promise<Match | ApiError> {
    return sendJson<Match>(`/api/matches/${encodeURIComponent(entry.matchId)}`, {
      token: this.ctx.token ?? null,
      timeoutMs: SEND_TIMEOUT_MS,
      onUnauthorized: this.ctx.onUnauthorized,
    }).catch(errorOf);
  }

  private async mark(
    entry: OutboxEntry,
    patch: Partial<OutboxEntry>,
    outcome: 'retry' | 'unauthorized' | 'conflict' | 'failed',
  ): Promise<void> {
    const next = await updateEntry(entry.seq, (e) =>
      e.key === entry.key ? { ...e, ...patch } : null,
    );
    emitOutboxEvent({
      type: 'settled',
      userId: entry.userId,
      seq: entry.seq,
      outcome,
      entry: next,
    });
    this.changed();
  }

  private changed(): void {
    emitOutboxEvent({ type: 'changed', userId: this.ctx.userId });
  }
}

/**
 * A runner: at most one pass per user at a time in this context; a trigger during a pass joins
 * it. Tabs and the service worker are separate runners, kept to one at a time by the lock.
 */
export type Replayer = ((options: ReplayOptions) => Promise<ReplayResult>) & {
  /** Resolves once no pass of this runner is running (tests end on it: a pass outlives a page). */
  idle: () => Promise<void>;
};

export function createReplayer(): Replayer {
  const active = new Map<
    string,
    { pass: Pass | null; wake: boolean; result: Promise<ReplayResult> }
  >();

  const replay = (options: ReplayOptions): Promise<ReplayResult> => {
    const current = active.get(options.userId);
    if (current) {
      if (current.pass) current.pass.wake(options.wake ?? false);
      else current.wake ||= options.wake ?? false;
      return current.result;
    }
    const slot: { pass: Pass | null; wake: boolean; result: Promise<ReplayResult> } = {
      pass: null,
      wake: options.wake ?? false,
      result: Promise.resolve({ sent: 0, nextAttemptAt: null }),
    };
    const start = () => {
      slot.pass = new Pass({
        userId: options.userId,
        token: options.token,
        apply: options.apply,
        wake: slot.wake,
        onUnauthorized: options.onUnauthorized,
        now: options.now ?? Date.now,
        random: options.random ?? Math.random,
        isOnline: options.isOnline ?? isOnline,
      });
      return slot.pass.run();
    };
    const locks = options.locks === undefined ? (offlineNavigator()?.locks ?? null) : options.locks;
    // Waits for the lock rather than giving up: a trigger is never lost to a runner finishing.
    const run = locks ? locks.request(`speedway-outbox:${options.userId}`, start) : start();
    slot.result = run.finally(() => active.delete(options.userId));
    active.set(options.userId, slot);
    return slot.result;
  };
  const idle = async (): Promise<void> => {
    while (active.size > 0) await Promise.allSettled([...active.values()].map((s) => s.result));
  };
  return Object.assign(replay, { idle });
}

/** This context's runner. */
export const runReplay = createReplayer();
