/**
 * Every path of the web app's router (apps/web/src/app/router.tsx), as the router writes it. The
 * accessibility scan visits each; apps/web/src/app/router-paths.test.ts fails when the router
 * has a path this list lacks (or keeps one the router dropped), so no screen goes unscanned.
 */
export const APP_ROUTE_PATHS = [
  '/live/:token',
  '/admin',
  '/admin/ads',
  '/admin/ads/new',
  '/admin/ads/:adId/edit',
  '/admin/official-data',
  '/admin/riders',
  '/admin/*',
  '/auth',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/verify-email',
  '/auth/revert-email',
  '/auth/cancel-2fa-removal',
  '/',
  '/tabell',
  '/statistik',
  '/forare/:riderId',
  '/lag/:teamId',
  '/dashboard',
  '/matches',
  '/matches/official/:officialId',
  '/match/:id',
  '/my-matches',
  '/my-matches/saved/:userMatchId',
  '/my-matches/:tab',
  '/account',
  '/account/settings',
  '/account/profile',
  '/account/notifications',
  '/account/appearance',
  '/account/security',
  '/account/privacy',
  '/account/tutorials',
  '/*',
] as const;

export type AppRoutePath = (typeof APP_ROUTE_PATHS)[number];
