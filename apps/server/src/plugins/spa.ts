import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
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

/** Serves the built SPA; client routes fall back to index.html, unknown /api paths are 404 JSON. */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const hasSpa = existsSync(path.join(webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = path.relative(webDist, filePath);
        // Hashed assets never change; the shell and the service worker must always revalidate.
        res.header(
          'cache-control',
          rel.startsWith('assets' + path.sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
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
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
