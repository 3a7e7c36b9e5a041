import type { LiveSnapshot } from '@speedway/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { liveShareKeys } from './keys';

export const liveSnapshotPath = (token: string) => `/api/live/${encodeURIComponent(token)}`;
export const liveEventsPath = (token: string) => `${liveSnapshotPath(token)}/events`;

/** A shared protocol as anyone sees it: sent without the viewer's session, if they have one. */
export function getLiveSnapshot(
  token: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LiveSnapshot> {
  return api.get<LiveSnapshot>(liveSnapshotPath(token), { signal, token: null });
}

export function getLiveSnapshotQueryOptions(token: string) {
  return queryOptions({
    queryKey: liveShareKeys.snapshot(token),
    queryFn: ({ signal }) => getLiveSnapshot(token, { signal }),
    // The event stream keeps it current; a 404 (revoked) is an answer, not a failure to retry.
    staleTime: Infinity,
    retry: (count, error) => count < 2 && !isGone(error),
  });
}

/** The link was revoked, or the protocol deleted: the server answers 404. */
export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
