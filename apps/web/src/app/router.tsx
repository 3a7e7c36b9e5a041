import { useState } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PageSpinner } from '@/components/page-spinner';
import { MainLayout } from './layouts/main-layout';
import { GuestOnly, RequireAdmin, RequireAuth, RequireSuperAdmin } from './routes/guards';
import { AdminNotFoundRoute, NotFoundRoute } from './routes/not-found';
import { RootErrorBoundary, RootRoute } from './routes/root';

/** What a route tells the build: the module its page loads, as the bundler names it. */
export type RouteHandle = { module?: string };

/**
 * A page that loads on first visit (only the shell, layouts and guards are in the entry chunk).
 * `module` names the file `load` imports, relative to src/app, so the prerender can preload its
 * chunk in that page's HTML (build/prerender.ts); router.test.tsx checks that the two agree.
 */
function page<M>(module: string, load: () => Promise<M>, pick: (module: M) => React.ComponentType) {
  return {
    lazy: async () => ({ Component: pick(await load()) }),
    handle: { module: `src/app/${module}.tsx` } satisfies RouteHandle,
  };
}

export const routes: RouteObject[] = [
  {
    Component: RootRoute,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        // Public, outside the app's layout: a shared protocol for anyone with the link.
        path: 'live/:token',
        ...page(
          'routes/live',
          () => import('./routes/live'),
          (m) => m.LiveRoute,
        ),
      },
      {
        path: 'admin',
        Component: RequireAdmin,
        children: [
          {
            // Admins only: its code is not in the entry every visitor loads.
            ...page(
              'layouts/admin-layout',
              () => import('./layouts/admin-layout'),
              (m) => m.AdminLayout,
            ),
            children: [
              {
                index: true,
                ...page(
                  'routes/admin/overview',
                  () => import('./routes/admin/overview'),
                  (m) => m.AdminOverviewRoute,
                ),
              },
              {
                path: 'ads',
                ...page(
                  'routes/admin/ads',
                  () => import('./routes/admin/ads'),
                  (m) => m.AdminAdsRoute,
                ),
              },
              {
                path: 'ads/new',
                ...page(
                  'routes/admin/ad-new',
                  () => import('./routes/admin/ad-new'),
                  (m) => m.AdminNewAdRoute,
                ),
              },
              {
                path: 'ads/:adId/edit',
                ...page(
                  'routes/admin/ad-edit',
                  () => import('./routes/admin/ad-edit'),
                  (m) => m.AdminEditAdRoute,
                ),
              },
              {
                Component: RequireSuperAdmin,
                children: [
                  {
                    path: 'official-data',
                    ...page(
                      'routes/admin/official-data',
                      () => import('./routes/admin/official-data'),
                      (m) => m.AdminOfficialDataRoute,
                    ),
                  },
                  {
                    path: 'riders',
                    ...page(
                      'routes/admin/riders',
                      () => import('./routes/admin/riders'),
                      (m) => m.AdminRidersRoute,
                    ),
                  },
                ],
              },
              { path: '*', Component: AdminNotFoundRoute },
            ],
          },
        ],
      },
      {
        Component: MainLayout,
        children: [
          {
            path: 'auth',
            children: [
              {
                // Only the login page sends signed-in users away; reset and verification links
                // must keep working for someone who is signed in (e.g. after changing e-mail).
                Component: GuestOnly,
                children: [
                  {
                    index: true,
                    ...page(
                      'routes/auth/auth',
                      () => import('./routes/auth/auth'),
                      (m) => m.AuthRoute,
                    ),
                  },
                ],
              },
              {
                path: 'forgot-password',
                ...page(
                  'routes/auth/forgot-password',
                  () => import('./routes/auth/forgot-password'),
                  (m) => m.ForgotPasswordRoute,
                ),
              },
              {
                path: 'reset-password',
                ...page(
                  'routes/auth/reset-password',
                  () => import('./routes/auth/reset-password'),
                  (m) => m.ResetPasswordRoute,
                ),
              },
              {
                path: 'verify-email',
                ...page(
                  'routes/auth/verify-email',
                  () => import('./routes/auth/verify-email'),
                  (m) => m.VerifyEmailRoute,
                ),
              },
              {
                path: 'revert-email',
                ...page(
                  'routes/auth/revert-email',
                  () => import('./routes/auth/revert-email'),
                  (m) => m.RevertEmailRoute,
                ),
              },
              {
                path: 'cancel-2fa-removal',
                ...page(
                  'routes/auth/cancel-two-factor-removal',
                  () => import('./routes/auth/cancel-two-factor-removal'),
                  (m) => m.CancelTwoFactorRemovalRoute,
                ),
              },
            ],
          },
          {
            Component: RequireAuth,
            children: [
              {
                index: true,
                ...page(
                  'routes/home',
                  () => import('./routes/home'),
                  (m) => m.HomeRoute,
                ),
              },
              {
                path: 'tabell',
                ...page(
                  'routes/table',
                  () => import('./routes/table'),
                  (m) => m.TableRoute,
                ),
              },
              {
                path: 'statistik',
                ...page(
                  'routes/statistics',
                  () => import('./routes/statistics'),
                  (m) => m.StatisticsRoute,
                ),
              },
              {
                path: 'forare/:riderId',
                ...page(
                  'routes/rider',
                  () => import('./routes/rider'),
                  (m) => m.RiderRoute,
                ),
              },
              {
                path: 'lag/:teamId',
                ...page(
                  'routes/team',
                  () => import('./routes/team'),
                  (m) => m.TeamRoute,
                ),
              },
              {
                path: 'dashboard',
                ...page(
                  'routes/dashboard',
                  () => import('./routes/dashboard'),
                  (m) => m.DashboardRoute,
                ),
              },
              {
                path: 'matches',
                ...page(
                  'routes/matches',
                  () => import('./routes/matches'),
                  (m) => m.MatchesRoute,
                ),
              },
              {
                path: 'matches/official/:officialId',
                ...page(
                  'routes/official-match',
                  () => import('./routes/official-match'),
                  (m) => m.OfficialMatchRoute,
                ),
              },
              {
                path: 'match/:id',
                ...page(
                  'routes/match',
                  () => import('./routes/match'),
                  (m) => m.MatchRoute,
                ),
              },
              {
                path: 'my-matches',
                children: [
                  { index: true, element: <Navigate to="/my-matches/created-protocols" replace /> },
                  {
                    path: 'saved/:userMatchId',
                    ...page(
                      'routes/saved-match',
                      () => import('./routes/saved-match'),
                      (m) => m.SavedMatchRoute,
                    ),
                  },
                  {
                    path: ':tab',
                    ...page(
                      'routes/my-matches',
                      () => import('./routes/my-matches'),
                      (m) => m.MyMatchesRoute,
                    ),
                  },
                ],
              },
              {
                path: 'account',
                children: [
                  {
                    index: true,
                    ...page(
                      'routes/account/account',
                      () => import('./routes/account/account'),
                      (m) => m.AccountRoute,
                    ),
                  },
                  {
                    path: 'settings',
                    ...page(
                      'routes/account/settings',
                      () => import('./routes/account/settings'),
                      (m) => m.SettingsRoute,
                    ),
                  },
                  {
                    path: 'profile',
                    ...page(
                      'routes/account/profile',
                      () => import('./routes/account/profile'),
                      (m) => m.ProfileRoute,
                    ),
                  },
                  {
                    path: 'notifications',
                    ...page(
                      'routes/account/notifications',
                      () => import('./routes/account/notifications'),
                      (m) => m.NotificationsRoute,
                    ),
                  },
                  {
                    path: 'appearance',
                    ...page(
                      'routes/account/appearance',
                      () => import('./routes/account/appearance'),
                      (m) => m.AppearanceRoute,
                    ),
                  },
                  {
                    path: 'security',
                    ...page(
                      'routes/account/security',
                      () => import('./routes/account/security'),
                      (m) => m.SecurityRoute,
                    ),
                  },
                  {
                    path: 'privacy',
                    ...page(
                      'routes/account/privacy',
                      () => import('./routes/account/privacy'),
                      (m) => m.PrivacyRoute,
                    ),
                  },
                  {
                    path: 'tutorials',
                    ...page(
                      'routes/account/tutorials',
                      () => import('./routes/account/tutorials'),
                      (m) => m.TutorialsRoute,
                    ),
                  },
                ],
              },
            ],
          },
          { path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
