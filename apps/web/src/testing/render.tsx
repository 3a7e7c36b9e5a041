import { StrictMode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';

/** The whole app (providers, layouts, guards, lazy pages) at one path, on a memory history. */
export function renderApp(path: string, state?: unknown, { strict = false } = {}) {
  const queryClient = createQueryClient();
  const url = new URL(path, 'http://localhost');
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: url.pathname, search: url.search, hash: url.hash, state }],
  });
  const app = (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
  // StrictMode runs effects twice, as in development: single-use calls must still go out once.
  const utils = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...utils, router, queryClient };
}

/**
 * A toast, looked for only inside the toaster so a label with the same words cannot match. The find
 * is the assertion (it throws when none appears): the node itself may already have left the
 * document when a later `expect` looks at it (sonner re-renders its list; a loaded machine may run
 * the toast's timer first).
 */
export async function findToast(text: string | RegExp) {
  // The region is looked up on every try: the Toaster may mount again (a lazy screen suspending
  // above it), and a region found before that is no longer the one the toast appears in.
  return waitFor(() =>
    within(screen.getByRole('region', { name: /^Meddelanden/ })).getByText(text),
  );
}
