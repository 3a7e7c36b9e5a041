// The server the screenshot scripts look at and the account they use, and the API calls that
// set up what they show.
//
// BASE_URL (default http://127.0.0.1:4173), SHOT_EMAIL / SHOT_PASSWORD: an existing verified
// account (npm run create-user).

export const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:4173';
export const EMAIL = process.env.SHOT_EMAIL ?? 'skarm@example.se';
export const PASSWORD = process.env.SHOT_PASSWORD ?? 'Skarmbild-2026';

/** One call as `token`'s user; a failure stops the script with the server's reply. */
export async function api(token, method, url, body) {
  const response = await fetch(`${BASE}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Signs in as EMAIL through the API: { token, user }, as the login call answers. */
export async function logIn() {
  const login = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  }).then((r) => r.json());
  // Without a token every later call fails with a 401 that no longer says why.
  if (!login.token) throw new Error(`Could not sign in as ${EMAIL}: ${JSON.stringify(login)}`);
  return login;
}
