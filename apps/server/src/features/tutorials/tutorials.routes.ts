import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TutorialStatusSchema, TutorialUpdateBodySchema } from '@speedway/contracts';
import type { AppContext } from '../../context';
import { SIGNED_IN_ERRORS } from '../../openapi/error-responses';
import { authOf, requireAuth } from '../../plugins/auth';
import * as tutorials from './tutorials.service';

/**
 * The signed-in user's tutorial status (docs/spec/2-matches-protocols-admin.md §7, "tutorial status
 * read and write").
 */
export async function tutorialsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireAuth);

  r.get('/account/tutorials', {
    schema: {
      operationId: 'getTutorialStatus',
      summary: 'Hämta guidernas status för mig',
      tags: ['tutorials'],
      response: { 200: TutorialStatusSchema, ...SIGNED_IN_ERRORS },
    },
    handler: (req) => tutorials.getStatus(ctx, authOf(req)),
  });

  r.put('/account/tutorials', {
    schema: {
      operationId: 'updateTutorialStatus',
      summary: 'Spara guidernas status för mig',
      tags: ['tutorials'],
      body: TutorialUpdateBodySchema,
      response: { 200: TutorialStatusSchema, ...SIGNED_IN_ERRORS },
    },
    handler: (req) => tutorials.updateStatus(ctx, authOf(req), req.body),
  });
}
