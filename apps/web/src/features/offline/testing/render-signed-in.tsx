import type { User } from '@speedway/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AuthProvider } from '@/lib/auth';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeAccount, makeUser } from '@/testing/data';
import { stubFetch } from '@/testing/fetch-stub';

// Test support for the offline status and the sign-out warning: one signed-in user with providers
// and a memory router, the header's own calls answered, and where the user ends up shown.

/** Two users' ids (the server's ids are UUIDs, and the account reply is checked against that). */
export const USER_A = 'a0000000-0000-4000-8000-00000000000a';
export const USER_B = 'b0000000-0000-4000-8000-00000000000b';

/** Stores a session for this user id, as a previous visit would have. */
export function signInAs(id: string) {
  const user = makeUser({ id, email: `${id}@example.se` });
  localStorage.setItem(STORAGE_KEYS.token, `token-${id}`);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return user;
}

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

/** Renders `ui` at '/', with '/auth' and '/match/:id' as places to go; the account and inbox answer. */
export function renderSignedIn(ui: React.ReactNode, routes: Record<string, unknown> = {}) {
  const network = stubFetch({
    'GET /api/account/me': () => ({
      json: makeAccount(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}') as User),
    }),
    'GET /api/notifications/inbox': { json: [] },
    ...(routes as Parameters<typeof stubFetch>[0]),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page = (
    <>
      {ui}
      <Where />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page },
      { path: '/auth', element: <Where /> },
      { path: '/match/:id', element: <Where /> },
    ],
    { initialEntries: ['/'] },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, network };
}
