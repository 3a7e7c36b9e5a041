import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

export type RegisteredRoute = {
  method: string;
  /** As registered, with its prefix: `/api/matches/:id`. */
  url: string;
  schema: FastifySchema | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in order: the suites that must cover every route walk this. */
    routeTable: readonly RegisteredRoute[];
  }
}

/** Records the route table as routes are registered (Fastify keeps no list with schemas). */
export function registerRouteTable(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, schema: route.schema });
  });
}
