import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  fileResponse,
  ScoresheetSchema,
  UuidParamsSchema,
} from '@speedway/contracts';
import { scoresheetCsv, scoresheetDocument } from '@speedway/scoresheet';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../../plugins/auth';
import { createPdfRenderer, type PdfRendererOptions } from './pdf-renderer';
import { blankScoresheet, protocolScoresheet, sheetAttachment } from './scoresheet.service';

// The scoresheet out of the app (ADR 011): a protocol as PDF, CSV and JSON (owner only; someone
// else's protocol answers 404), and the blank sheet of an official match as PDF.

// 404 also for someone else's protocol; 429 when the user already has their share of PDFs on the
// way (`RATE_LIMITED`); 503 when Chromium is missing (`PDF_UNAVAILABLE`).
const PROTOCOL_ERRORS = { 401: ErrorResponseSchema, 404: ErrorResponseSchema };
const PDF_ERRORS = { 429: ErrorResponseSchema, 503: ErrorResponseSchema };

/** A file download; the body is bytes, so the reply's JSON typing does not apply. */
function sendFile(reply: FastifyReply, type: string, disposition: string, body: Buffer) {
  return reply.type(type).header('content-disposition', disposition).send(body);
}

export function scoresheetRoutes(pdf: PdfRendererOptions = {}) {
  return async (app: FastifyInstance, ctx: AppContext) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.addHook('preValidation', requireAuth);
    const renderer = createPdfRenderer(pdf);
    app.addHook('onClose', () => renderer.close());
    const tags = ['matches'];

    r.get('/matches/:id/scoresheet.pdf', {
      schema: {
        operationId: 'getScoresheetPdf',
        summary: 'Protokollet som utskrivbart A4-matchprotokoll (PDF)',
        tags,
        params: UuidParamsSchema,
        response: {
          200: fileResponse('application/pdf', 'Matchprotokollet som PDF, A4 stående.'),
          ...PROTOCOL_ERRORS,
          ...PDF_ERRORS,
        },
      },
      handler: async (req, reply) => {
        const auth = authOf(req);
        const sheet = await protocolScoresheet(ctx, auth, req.params.id);
        const body = await renderer.render(scoresheetDocument(sheet), auth.user.id);
        return sendFile(
          reply,
          'application/pdf',
          sheetAttachment(sheet, 'Matchprotokoll', 'pdf'),
          body,
        );
      },
    });

    r.get('/matches/:id/export.csv', {
      schema: {
        operationId: 'exportProtocolCsv',
        summary: 'Protokollet som CSV för kalkylprogram (UTF-8 med BOM, semikolon)',
        tags,
        params: UuidParamsSchema,
        response: {
          200: fileResponse('text/csv', 'En rad per förare och heat, sedan förarnas summor.'),
          ...PROTOCOL_ERRORS,
        },
      },
      handler: async (req, reply) => {
        const sheet = await protocolScoresheet(ctx, authOf(req), req.params.id);
        return sendFile(
          reply,
          'text/csv; charset=utf-8',
          sheetAttachment(sheet, 'Matchprotokoll', 'csv'),
          Buffer.from(scoresheetCsv(sheet), 'utf8'),
        );
      },
    });

    r.get('/matches/:id/export.json', {
      schema: {
        operationId: 'exportProtocolJson',
        summary: 'Protokollet som JSON: heat, förare, placeringar, poäng och summor',
        tags,
        params: UuidParamsSchema,
        response: { 200: ScoresheetSchema, ...PROTOCOL_ERRORS },
      },
      handler: async (req, reply) => {
        const sheet = await protocolScoresheet(ctx, authOf(req), req.params.id);
        reply.header('content-disposition', sheetAttachment(sheet, 'Matchprotokoll', 'json'));
        return sheet;
      },
    });

    r.get('/official-matches/:id/blank-scoresheet.pdf', {
      schema: {
        operationId: 'getBlankScoresheetPdf',
        summary: 'Tomt matchprotokoll för en officiell match: laguppställningarna ifyllda (PDF)',
        tags: ['official'],
        params: UuidParamsSchema,
        response: {
          200: fileResponse('application/pdf', 'Tomt matchprotokoll som PDF, A4 stående.'),
          ...PROTOCOL_ERRORS,
          // The line-ups are not published yet (`LINEUPS_MISSING`).
          409: ErrorResponseSchema,
          ...PDF_ERRORS,
        },
      },
      handler: async (req, reply) => {
        const sheet = await blankScoresheet(ctx, req.params.id);
        const body = await renderer.render(
          scoresheetDocument(sheet, { blank: true }),
          authOf(req).user.id,
        );
        return sendFile(
          reply,
          'application/pdf',
          sheetAttachment(sheet, 'Tomt matchprotokoll', 'pdf'),
          body,
        );
      },
    });
  };
}
