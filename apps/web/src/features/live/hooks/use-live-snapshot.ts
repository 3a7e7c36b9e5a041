import type { LiveEventName, LiveSnapshot } from '@speedway/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getLiveSnapshotQueryOptions, isGone, liveEventsPath } from '../api/get-live-snapshot';
import { liveShareKeys } from '../api/keys';

// The stream's event names, checked against the contract's by type only: a value imported from
// @speedway/contracts would bring every zod schema of the API into this public page.
const SNAPSHOT_EVENT = 'snapshot' satisfies LiveEventName;
const GONE_EVENT = 'gone' satisfies LiveEventName;

/** How long before a stream the browser gave up on (an error answer) is opened again. */
export const REOPEN_MS = 3000;

export type LiveConnection = 'connecting' | 'live' | 'reconnecting';

/**
 * A shared protocol, kept current by its event stream: each 'snapshot' event replaces what is
 * shown when it is newer. The browser reconnects a dropped stream by itself and names the last
 * version it has (Last-Event-ID); a stream it gave up on (an error answer such as 429) is opened
 * again here, after the snapshot has been asked for anew, which tells a revoked link (404).
 */
export function useLiveSnapshot(token: string) {
  const queryClient = useQueryClient();
  const query = useQuery(getLiveSnapshotQueryOptions(token));
  const [connection, setConnection] = useState<LiveConnection>('connecting');
  const gone = isGone(query.error);
  const loaded = query.data !== undefined;

  useEffect(() => {
    if (gone || !loaded) return;
    const key = liveShareKeys.snapshot(token);
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = () => {
      const events = new EventSource(liveEventsPath(token));
      source = events;
      events.addEventListener('open', () => setConnection('live'));
      events.addEventListener(SNAPSHOT_EVENT, (event) => {
        const next = JSON.parse((event as MessageEvent<string>).data) as LiveSnapshot;
        queryClient.setQueryData<LiveSnapshot>(key, (current) =>
          current && current.version >= next.version ? current : next,
        );
        setConnection('live');
      });
      events.addEventListener(GONE_EVENT, () => {
        events.close();
        void queryClient.refetchQueries({ queryKey: key, exact: true });
      });
      events.addEventListener('error', () => {
        if (events.readyState !== EventSource.CLOSED) {
          setConnection('reconnecting');
          return;
        }
        setConnection('reconnecting');
        reopen = setTimeout(() => {
          void queryClient.refetchQueries({ queryKey: key, exact: true }).then(() => {
            if (!stopped && !isGone(queryClient.getQueryState(key)?.error)) open();
          });
        }, REOPEN_MS);
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(reopen);
      source?.close();
    };
  }, [gone, loaded, queryClient, token]);

  return { ...query, gone, connection };
}
