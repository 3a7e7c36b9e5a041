import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AnnouncementBodySchema, AnnouncementSchema, EmptyBodySchema } from '@speedway/contracts';
import type { AppContext } from '../../context';
import { requireAuth, requireRole } from '../../plugins/auth';
import * as announcement from './announcement.service';

/** GET /api/system/announcement (signed in); PUT and DELETE (super_admin). */
export async function announcementRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/system/announcement', {
    preValidation: requireAuth,
    schema: { response: { 200: AnnouncementSchema } },
    handler: () => announcement.getAnnouncement(ctx),
  });

  r.put('/system/announcement', {
    preValidation: requireRole('super_admin'),
    schema: { body: AnnouncementBodySchema, response: { 200: AnnouncementSchema } },
    handler: (req) => announcement.saveAnnouncement(ctx, req.body),
  });

  r.delete('/system/announcement', {
    preValidation: requireRole('super_admin'),
    schema: { body: EmptyBodySchema, response: { 200: AnnouncementSchema } },
    handler: () => announcement.closeAnnouncement(ctx),
  });
}
