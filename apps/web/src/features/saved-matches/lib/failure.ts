import { ApiError, serverMessageOf } from '@/lib/api-client';

/**
 * The line under a failure toast: the server's own words, or the network error. A bare status
 * line ('500 Internal Server Error') tells a person nothing, so it is left out.
 */
export function failureDetail(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return serverMessageOf(error.body) ?? (error.status === 0 ? error.message : undefined);
}
