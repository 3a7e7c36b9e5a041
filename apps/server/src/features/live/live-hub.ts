import type { LiveSnapshot } from '@speedway/contracts';
import pg from 'pg';
import type { AppContext } from '../../context';
import { directUrlOf } from '../../db/client';
import { liveRepository as repo } from './live.repository';
import { toLiveSnapshot } from './live-snapshot';

/** The channel the database's triggers tell changes of shared protocols on (migration 0013). */
export const LIVE_CHANNEL = 'live_protocol';

/** One open event stream: told each newer snapshot, or that its link is gone. */
export type LiveViewer = {
  tokenHash: string;
  /** The newest version this viewer has (or had before it reconnected); -1 for none. */
  version: number;
  send: (snapshot: LiveSnapshot) => void;
  /** The link was revoked or the protocol deleted. */
  gone: () => void;
  /** This instance shuts down: the stream ends, and the browser reconnects to another. */
  end: () => void;
};

export type LiveHubOptions = {
  /** Waits before the LISTEN connection is opened again after it was lost. */
  reconnectMs?: number;
};

/**
 * Fan-out of protocol changes to this instance's live viewers (ADR 012). One connection per
 * instance LISTENs on the channel the database's triggers NOTIFY on at commit, whichever instance
 * (or tool) made the change; each notification names a protocol, and the viewers of that protocol
 * here get its snapshot, read once for all of them. Nothing is kept between instances: a viewer
 * is this instance's alone, and what it has seen is its version.
 */
export function createLiveHub(ctx: Pick<AppContext, 'db' | 'log'>, options: LiveHubOptions = {}) {
  const reconnectMs = options.reconnectMs ?? 1000;
  const viewers = new Map<string, Set<LiveViewer>>();
  /** Protocols being read (value: read again once done, a newer change came meanwhile). */
  const refreshing = new Map<string, boolean>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  async function connect(): Promise<void> {
    // Never through a transaction pooler: LISTEN belongs to a session, which such a pooler gives
    // back after each transaction, and its notices would reach nobody (ADR 012, 026).
    const next = new pg.Client({ connectionString: directUrlOf(ctx.db) });
    next.on('notification', (message) => {
      const [matchId, version] = (message.payload ?? '').split(':');
      if (matchId) notified(matchId, version ? Number(version) : null);
    });
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${LIVE_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  }

  /** Resolves once this instance listens; a change committed after that reaches it. */
  function listening(): Promise<void> {
    if (client) return Promise.resolve();
    connecting ??= connect().finally(() => (connecting = null));
    return connecting;
  }

  function lost(which: pg.Client, err?: unknown) {
    if (client !== which) return;
    client = null;
    if (closed) return;
    ctx.log.warn({ err }, 'live: LISTEN connection lost; reconnecting');
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (retry || closed || viewers.size === 0) return;
    retry = setTimeout(() => {
      retry = null;
      listening().then(
        // Changes made while the connection was down were never told: every viewed protocol is
        // read again.
        () => [...viewers.keys()].forEach((matchId) => notified(matchId, null)),
        (err: unknown) => {
          ctx.log.warn({ err }, 'live: LISTEN reconnect failed');
          scheduleReconnect();
        },
      );
    }, reconnectMs);
  }

  function notified(matchId: string, version: number | null) {
    const group = viewers.get(matchId);
    if (!group) return;
    if (version !== null && [...group].every((v) => v.version >= version)) return;
    if (refreshing.has(matchId)) {
      refreshing.set(matchId, true);
      return;
    }
    refreshing.set(matchId, false);
    void refresh(matchId);
  }

  async function refresh(matchId: string): Promise<void> {
    try {
      do {
        refreshing.set(matchId, false);
        await tell(matchId, viewers.get(matchId));
      } while (refreshing.get(matchId));
    } catch (err) {
      ctx.log.error({ err }, 'live: reading a shared protocol failed');
    } finally {
      refreshing.delete(matchId);
    }
  }

  /** Reads the protocol once and tells each viewer what is new to it. */
  async function tell(matchId: string, group: ReadonlySet<LiveViewer> | undefined): Promise<void> {
    if (!group || group.size === 0) return;
    const found = await repo.sharedProtocol(ctx.db, matchId);
    const snapshot = found ? toLiveSnapshot(found.row, found.heats) : null;
    for (const viewer of [...group]) {
      if (!found || !snapshot || viewer.tokenHash !== found.tokenHash) viewer.gone();
      else if (snapshot.version > viewer.version) {
        viewer.version = snapshot.version;
        viewer.send(snapshot);
      }
    }
  }

  return {
    /**
     * Adds a viewer of a protocol and tells it the current snapshot when it is newer than what it
     * has. It listens before it reads, so no change falls between the read and the first notice.
     */
    async watch(matchId: string, viewer: LiveViewer): Promise<() => void> {
      await listening();
      let group = viewers.get(matchId);
      if (!group) viewers.set(matchId, (group = new Set()));
      group.add(viewer);
      const stop = () => {
        group.delete(viewer);
        if (group.size === 0 && viewers.get(matchId) === group) viewers.delete(matchId);
      };
      try {
        await tell(matchId, new Set([viewer]));
      } catch (err) {
        stop();
        throw err;
      }
      return stop;
    },

    /** How many viewers this instance serves (tests, logs). */
    get viewerCount(): number {
      let count = 0;
      for (const group of viewers.values()) count += group.size;
      return count;
    },

    /** Ends every stream and the LISTEN connection (shutdown). */
    async close(): Promise<void> {
      closed = true;
      if (retry) clearTimeout(retry);
      for (const group of viewers.values()) for (const viewer of [...group]) viewer.end();
      viewers.clear();
      await connecting?.catch(() => undefined);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
