import { useState } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PageSpinner } from '@/components/page-spinner';
import { AdminLayout } from './layouts/admin-layout';
import { MainLayout } from './layouts/main-layout';
import { GuestOnly, RequireAdmin, RequireAuth } from './routes/guards';
import { NotFoundRoute } from './routes/not-found';
import { RootErrorBoundary, RootRoute } from './routes/root';

/** Route modules load on first visit; only the shell, layouts and guards are in the entry chunk. */
function page<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

export const routes: RouteObject[] = [
  {
    Component: RootRoute,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        path: 'admin',
        Component: RequireAdmin,
        children: [
          {
            Component: AdminLayout,
            children: [
              {
                index: true,
                lazy: page(
                  () => import('./routes/admin/overview'),
                  (m) => m.AdminOverviewRoute,
                ),
              },
              {
                path: 'ads',
                lazy: page(
                  () => import('./routes/admin/ads'),
                  (m) => m.AdminAdsRoute,
                ),
              },
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
                    lazy: page(
                      () => import('./routes/auth/auth'),
                      (m) => m.AuthRoute,
                    ),
                  },
                ],
              },
              {
                path: 'forgot-password',
                lazy: page(
                  () => import('./routes/auth/forgot-password'),
                  (m) => m.ForgotPasswordRoute,
                ),
              },
              {
                path: 'reset-password',
                lazy: page(
                  () => import('./routes/auth/reset-password'),
                  (m) => m.ResetPasswordRoute,
                ),
              },
              {
                path: 'verify-email',
                lazy: page(
                  () => import('./routes/auth/verify-email'),
                  (m) => m.VerifyEmailRoute,
                ),
              },
              {
                path: 'revert-email',
                lazy: page(
                  () => import('./routes/auth/revert-email'),
                  (m) => m.RevertEmailRoute,
                ),
              },
            ],
          },
          {
            Component: RequireAuth,
            children: [
              {
                index: true,
                lazy: page(
                  () => import('./routes/home'),
                  (m) => m.HomeRoute,
                ),
              },
              {
                path: 'tabell',
                lazy: page(
                  () => import('./routes/table'),
                  (m) => m.TableRoute,
                ),
              },
              {
                path: 'dashboard',
                lazy: page(
                  () => import('./routes/dashboard'),
                  (m) => m.DashboardRoute,
                ),
              },
              {
                path: 'matches',
                lazy: page(
                  () => import('./routes/matches'),
                  (m) => m.MatchesRoute,
                ),
              },
              {
                path: 'matches/official/:officialId',
                lazy: page(
                  () => import('./routes/official-match'),
                  (m) => m.OfficialMatchRoute,
                ),
              },
              {
                path: 'match/:id',
                lazy: page(
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
                    lazy: page(
                      () => import('./routes/saved-match'),
                      (m) => m.SavedMatchRoute,
                    ),
                  },
                  {
                    path: ':tab',
                    lazy: page(
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
                    lazy: page(
                      () => import('./routes/account/account'),
                      (m) => m.AccountRoute,
                    ),
                  },
                  {
                    path: 'settings',
                    lazy: page(
                      () => import('./routes/account/settings'),
                      (m) => m.SettingsRoute,
                    ),
                  },
                  {
                    path: 'profile',
                    lazy: page(
                      () => import('./routes/account/profile'),
                      (m) => m.ProfileRoute,
                    ),
                  },
                  {
                    path: 'notifications',
                    lazy: page(
                      () => import('./routes/account/notifications'),
                      (m) => m.NotificationsRoute,
                    ),
                  },
                  {
                    path: 'appearance',
                    lazy: page(
                      () => import('./routes/account/appearance'),
                      (m) => m.AppearanceRoute,
                    ),
                  },
                  {
                    path: 'security',
                    lazy: page(
                      () => import('./routes/account/security'),
                      (m) => m.SecurityRoute,
                    ),
                  },
                  {
                    path: 'privacy',
                    lazy: page(
                      () => import('./routes/account/privacy'),
                      (m) => m.PrivacyRoute,
                    ),
                  },
                  {
                    path: 'tutorials',
                    lazy: page(
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
