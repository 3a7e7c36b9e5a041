import { emptyTutorialState, type TutorialState } from '@speedway/contracts/tutorials';
import type { User } from '@speedway/contracts';
import { STORAGE_KEYS } from '@/lib/storage';
import { makeAccount } from './data';
import type { Routes } from './fetch-stub';

/** A user who has seen the intro and every page's guide: none opens over the page under test. */
export function guidesSeen(): TutorialState {
  const state = emptyTutorialState();
  for (const page of Object.values(state.pages)) page.completed = true;
  return { ...state, introCompleted: true };
}

/** The signed-in user as stored by signInAs (testing/data.ts). */
function storedUser(): User {
  return JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}') as User;
}

/**
 * What the signed-in app's layout asks for on any page (app/layouts/main-layout.tsx): the header's
 * account, the bell's inbox and the guides' state, answered for the signed-in user with an empty
 * inbox and every guide seen. Spread into a test's stubFetch; a test about one of them stubs it
 * after the spread.
 */
export function layoutRoutes(): Routes {
  return {
    'GET /api/account/me': () => ({ json: makeAccount(storedUser()) }),
    'GET /api/notifications/inbox': { json: [] },
    'GET /api/account/tutorials': { json: { tutorial: guidesSeen() } },
  };
}

/** No announcement: none was ever published (the server answers an inactive, empty one). */
export const NO_ANNOUNCEMENT = {
  id: '0a0a0a0a-0000-4000-8000-000000000000',
  version: 0,
  message: '',
  level: 'info',
  active: false,
  dismissible: true,
  expiresAt: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
} as const;

/**
 * The reads of the signed-in start pages (app/page-requests.ts: home, admin overview), all empty:
 * no announcement, no match, no team, nothing saved or followed.
 */
export function startPageRoutes(): Routes {
  return {
    'GET /api/system/announcement': { json: NO_ANNOUNCEMENT },
    'GET /api/official-matches': { json: [] },
    'GET /api/follows': { json: [] },
    'GET /api/matches': { json: [] },
    'GET /api/teams': { json: [] },
    'GET /api/user/matches': { json: [] },
  };
}
