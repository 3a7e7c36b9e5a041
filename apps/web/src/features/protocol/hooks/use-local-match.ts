import { useMemo } from 'react';
import { useOutbox } from '@/lib/offline/use-outbox';
import { useMatch } from '../api/get-match';
import { localMatch, type LocalView } from '../lib/local-view';

/**
 * The protocol as the page shows it: the server's match (or its cached copy) with this user's
 * unsent changes of it folded over (ADR 010 §5). `view` is null until both have answered.
 */
export function useLocalMatch(matchId: string) {
  const query = useMatch(matchId);
  const outbox = useOutbox(matchId);
  const server = query.data;
  const view: LocalView | null = useMemo(
    () => (server && outbox.ready ? localMatch(server, outbox.entries) : null),
    [server, outbox.ready, outbox.entries],
  );
  return { query, view, entries: outbox.entries };
}
