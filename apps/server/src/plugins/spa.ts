import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sendNotFound } from './error-handler';

export function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/plugins → ../../../web/dist; dist/server.js → ../../web/dist
  const candidates = [
    path.resolve(here, '../../../web/dist'),
    path.resolve(here, '../../web/dist'),
  ];
  return candidates.find((c) => existsSync(path.join(c, 'index.html'))) ?? candidates[0]!;
}

/** The web build's table of prerendered pages (apps/web/build/prerender.ts). */
const PRERENDERED_ROUTES = 'prerendered/routes.json';

type PrerenderedRoute = { path: string; file: string };

/**
 * Finds the prerendered page for a path: /match/:id answers /match/123. A pattern segment that
 * names a parameter takes any one segment; a literal segment wins over a parameter.
 */
export function prerenderedPageFinder(table: PrerenderedRoute[]) {
  const patterns = table.map(({ path: pattern, file }) => ({
    segments: pattern.split('/').filter(Boolean),
    file,
  }));
  return (pathname: string): string | null => {
    const segments = pathname.split('/').filter(Boolean);
    let best: { file: string; literals: number } | null = null;
    for (const pattern of patterns) {
      if (pattern.segments.length !== segments.length) continue;
      let literals = 0;
      const fits = pattern.segments.every((segment, i) => {
        if (segment.startsWith(':')) return true;
        literals++;
        return segment === segments[i];
      });
      if (fits && (!best || literals > best.literals)) best = { file: pattern.file, literals };
    }
    return best?.file ?? null;
  };
}

/**
 * Hashed assets never change. The pages and the service worker always revalidate (no-cache with
 * the ETag and Last-Modified that @fastify/static sends: a 304 when unchanged). before-paint.js
 * blocks the first paint and names nothing that changes with a build, so a repeat visit may use
 * a copy up to ten minutes old (and one up to a day old while a fresh one is fetched).
 */
function cacheControlFor(rel: string): string {
  if (rel.startsWith('assets' + path.sep)) return 'public, max-age=31536000, immutable';
  if (rel.startsWith('before-paint.js')) return 'public, max-age=600, stale-while-revalidate=86400';
  return 'no-cache';
}

function readPrerenderedRoutes(webDist: string): PrerenderedRoute[] {
  const file = path.join(webDist, PRERENDERED_ROUTES);
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')) as PrerenderedRoute[];
}

/**
 * Serves the built SPA. Client routes get their prerendered page when the build made one, else
 * index.html (the generic shell); unknown /api paths are 404 JSON. Every file goes out as the
 * build's brotli or gzip copy when the browser takes it (with Vary: Accept-Encoding).
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const hasSpa = existsSync(path.join(webDist, 'index.html'));
  const pageFor = prerenderedPageFinder(hasSpa ? readPrerenderedRoutes(webDist) : []);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header('cache-control', cacheControlFor(path.relative(webDist, filePath)));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      !hasSpa ||
      !['GET', 'HEAD'].includes(request.method)
    ) {
      return sendNotFound(reply);
    }
    // Asset-like paths that do not exist are real 404s, not the app shell.
    if (/\.[a-z0-9]{2,5}$/i.test(url)) return sendNotFound(reply);
    return reply.header('cache-control', 'no-cache').sendFile(pageFor(url) ?? 'index.html');
  });
}
