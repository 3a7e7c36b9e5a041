import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DOCS_PREFIX, OPENAPI_PATH, swaggerOptions } from '../openapi/document';

const API_VERSION = '0.1.0';

/**
 * Collects every route's schema for the OpenAPI document: registered on the root before any
 * route, since @fastify/swagger learns the routes as they are added.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, swaggerOptions(API_VERSION));
}

const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * GET /api/openapi.json and the browsable /api/docs (Swagger UI from node_modules, no CDN), in
 * the /api scope: compressed, throttled and under the app's CSP like the rest of the API. Swagger
 * UI loads only scripts and styles of its own origin and sets no inline script.
 */
export async function openApiRoutes(api: FastifyInstance) {
  let text: string | null = null;
  // JSON text built once (the document is fixed once the routes are): sent as it is.
  api.get(OPENAPI_PATH.replace(/^\/api/, ''), {
    schema: {
      operationId: 'getOpenApiDocument',
      summary: 'Hämta API:ts OpenAPI 3.1-dokument',
      description: 'Samma dokument som /api/docs visar.',
      tags: ['docs'],
      response: { 200: OpenApiDocumentSchema },
    },
    handler: async (_req, reply) => {
      text ??= JSON.stringify(api.swagger());
      return reply.type('application/json; charset=utf-8').send(text);
    },
  });
  await api.register(swaggerUi, {
    routePrefix: DOCS_PREFIX.replace(/^\/api/, ''),
    indexPrefix: '/api',
    theme: { title: 'Speedway Elitserien API' },
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
  });
}
