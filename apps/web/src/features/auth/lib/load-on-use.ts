/**
 * What the signed-out forms need only once they are used: the shared zod schemas that check their
 * values, and the login fetcher, which checks the server's reply with them. zod and the schemas
 * are about as much JavaScript to run as React itself, and these pages render, hydrate and take
 * input without them, so they load on the first focus in a form (warmUp) and are waited for only
 * if someone submits sooner.
 */
export const loadContracts = () => import('@speedway/contracts');
export const loadLoginApi = () => import('../api/login');

/** Starts loading what a form will need; for its onFocus. */
export function warmUp(): void {
  void loadContracts();
}

/** The same for the login form, whose fetcher brings the schemas with it. */
export function warmUpLogin(): void {
  void loadLoginApi();
}
