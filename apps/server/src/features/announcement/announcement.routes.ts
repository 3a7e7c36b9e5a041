import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AnnouncementBodySchema, AnnouncementSchema, EmptyBodySchema } from '@speedway/contracts';
import type { AppContext } from '../../context';
import { errorResponse, ROLE_ERRORS, SIGNED_IN_ERRORS } from '../../openapi/error-responses';
import { requireAuth, requireRole } from '../../plugins/auth';
import * as announcement from './announcement.service';

/** GET /api/system/announcement (signed in); PUT and DELETE (super_admin). */
export async function announcementRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/system/announcement', {
    preValidation: requireAuth,
    schema: {
      operationId: 'getAnnouncement',
      summary: 'Hämta driftmeddelandet',
      tags: ['system'],
      response: { 200: AnnouncementSchema, ...SIGNED_IN_ERRORS },
    },
    handler: () => announcement.getAnnouncement(ctx),
  });

  r.put('/system/announcement', {
    preValidation: requireRole('super_admin'),
    schema: {
      operationId: 'saveAnnouncement',
      summary: 'Publicera eller ändra driftmeddelandet',
      tags: ['system'],
      'x-roles': ['super_admin'],
      body: AnnouncementBodySchema,
      response: {
        200: AnnouncementSchema,
        400: errorResponse('Ogiltig indata, t.ex. ett slutdatum som redan har passerats.'),
        ...ROLE_ERRORS,
      },
    },
    handler: (req) => announcement.saveAnnouncement(ctx, req.body),
  });

  r.delete('/system/announcement', {
    preValidation: requireRole('super_admin'),
    schema: {
      operationId: 'closeAnnouncement',
      summary: 'Stäng driftmeddelandet',
      tags: ['system'],
      'x-roles': ['super_admin'],
      body: EmptyBodySchema,
      response: { 200: AnnouncementSchema, ...ROLE_ERRORS },
    },
    handler: () => announcement.closeAnnouncement(ctx),
  });
}
