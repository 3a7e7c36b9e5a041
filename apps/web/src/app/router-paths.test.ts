import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROUTE_PATHS } from '../../../../e2e/support/app-routes';
import { routes } from './router';

/** Every path a user can open: each route that renders a page, its parents' paths joined. */
function pathsOf(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const own = route.index || (route.path && !route.children) ? [path || '/'] : [];
    return [...own, ...pathsOf(route.children ?? [], path)];
  });
}

describe('the accessibility scan’s list of routes', () => {
  it('holds every path of the router, and only those (e2e/support/app-routes.ts)', () => {
    expect([...new Set(pathsOf(routes))].sort()).toEqual([...APP_ROUTE_PATHS].sort());
  });
});
