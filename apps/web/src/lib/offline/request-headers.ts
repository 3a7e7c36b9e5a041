// Where a call goes and the headers it carries: shared by the one HTTP exchange (http.ts) and the
// requests a page's first script sends before the app has loaded (lib/early-requests.ts). A module
// of its own, without imports, so what the entry loads carries these lines and nothing more.

/** The backend's base address; empty means the same origin as the app (the server serves both). */
export const API_BASE: string =
  (import.meta as ImportMeta & { env?: { VITE_API_BASE?: string } }).env?.VITE_API_BASE ?? '';

export type HeaderOptions = {
  token: string | null;
  idempotencyKey?: string;
  ifMatch?: string;
};

export function requestHeaders({ token, idempotencyKey, ifMatch }: HeaderOptions): Headers {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
  if (ifMatch) headers.set('If-Match', `"${ifMatch}"`);
  return headers;
}
