import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdApproveBodySchema,
  AdFormBodySchema,
  AdListSchema,
  AdSchema,
  AdSelectBodySchema,
  AdSelectionSchema,
  EmptyBodySchema,
  MessageResponseSchema,
  UuidParamsSchema,
} from '@speedway/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponse, ROLE_ERRORS, SIGNED_IN_ERRORS } from '../../openapi/error-responses';
import { authOf, requireAuth, requireRole } from '../../plugins/auth';
import { createAdSelector } from './ad-selection';
import { createAdTokens, loadAdTokenKey, type AdTokens } from './ad-tokens';
import { adBeaconRoutes } from './ad-beacons.routes';
import * as adsService from './ads.service';
import type { AdAction } from './ads.service';
import { toSelection } from './ads.mapper';

const ADMIN_ROLES = ['club_admin', 'super_admin'] as const;
const adminRoles = requireRole(...ADMIN_ROLES);
const superAdmin = requireRole('super_admin');

const ADMIN_ERRORS = {
  ...SIGNED_IN_ERRORS,
  403: errorResponse('Inloggad men utan rätt roll (`FORBIDDEN`), eller en club_admin utan klubb.'),
};
const AD_MISSING = errorResponse(
  'Annonsen finns inte, eller hör till en annan klubb (`NOT_FOUND`).',
);
const MODERATION_SUMMARIES: Record<AdAction, string> = {
  approve: 'Godkänn en annons',
  reject: 'Avvisa en annons',
  pause: 'Pausa en annons',
  activate: 'Aktivera en pausad annons',
};

/**
 * Banner ads (docs/spec/2-matches-protocols-admin.md §7 /api/ads…): the admin area's calls, the
 * selection and the counting.
 */
export async function adsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const selector = createAdSelector(ctx.db);
  let tokens: Promise<AdTokens> | null = null;
  const adTokens = () => {
    tokens ??= loadAdTokenKey(ctx.db).then(createAdTokens, (err: unknown) => {
      tokens = null;
      throw err;
    });
    return tokens;
  };

  r.get('/ads', {
    preValidation: adminRoles,
    schema: {
      operationId: 'listAds',
      summary: 'Lista annonserna, nyast först',
      description: 'En club_admin ser sin klubbs annonser.',
      tags: ['ads'],
      'x-roles': ADMIN_ROLES,
      response: { 200: AdListSchema, ...ADMIN_ERRORS },
    },
    handler: (req) => adsService.listAds(ctx, authOf(req)),
  });

  r.get('/ads/:id', {
    preValidation: adminRoles,
    schema: {
      operationId: 'getAd',
      summary: 'Hämta en annons',
      tags: ['ads'],
      'x-roles': ADMIN_ROLES,
      params: UuidParamsSchema,
      response: { 200: AdSchema, ...ADMIN_ERRORS, 404: AD_MISSING },
    },
    handler: (req) => adsService.getAd(ctx, authOf(req), req.params.id),
  });

  r.post('/ads', {
    preValidation: adminRoles,
    schema: {
      operationId: 'createAd',
      summary: 'Skapa en annons',
      description:
        'En club_admins annons får klubben, paketet bronze och väntar på granskning (package, ' +
        'club_slug och placement läses bara från en super_admin); en super_admins godkänns direkt.',
      tags: ['ads'],
      'x-roles': ADMIN_ROLES,
      body: AdFormBodySchema,
      response: { 201: AdSchema, ...ADMIN_ERRORS },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await adsService.createAd(ctx, authOf(req), req.body)),
  });

  r.put('/ads/:id', {
    preValidation: adminRoles,
    schema: {
      operationId: 'updateAd',
      summary: 'Ändra en annons',
      description:
        'En club_admins ändring skickar en godkänd eller avvisad annons tillbaka till granskning.',
      tags: ['ads'],
      'x-roles': ADMIN_ROLES,
      params: UuidParamsSchema,
      body: AdFormBodySchema,
      response: { 200: AdSchema, ...ADMIN_ERRORS, 404: AD_MISSING },
    },
    handler: (req) => adsService.updateAd(ctx, authOf(req), req.params.id, req.body),
  });

  r.delete('/ads/:id', {
    preValidation: superAdmin,
    schema: {
      operationId: 'deleteAd',
      summary: 'Ta bort en annons och dess räkning',
      tags: ['ads'],
      'x-roles': ['super_admin'],
      params: UuidParamsSchema,
      body: EmptyBodySchema,
      response: { 200: MessageResponseSchema, ...ROLE_ERRORS, 404: AD_MISSING },
    },
    handler: (req) => adsService.deleteAd(ctx, req.params.id),
  });

  r.post('/ads/:id/approve', {
    preValidation: superAdmin,
    schema: {
      operationId: 'approveAd',
      summary: MODERATION_SUMMARIES.approve,
      description:
        'Godkänner den version (`revision`) av annonsen som granskades; en godkänd annons förblir ' +
        'godkänd. Har annonsen ändrats sedan dess godkänns ingenting: 409 `AD_CHANGED`.',
      tags: ['ads'],
      'x-roles': ['super_admin'],
      params: UuidParamsSchema,
      body: AdApproveBodySchema,
      response: {
        200: AdSchema,
        ...ROLE_ERRORS,
        404: AD_MISSING,
        409: errorResponse('Annonsen har ändrats sedan den granskades (`AD_CHANGED`).'),
      },
    },
    handler: (req) => adsService.moderateAd(ctx, req.params.id, 'approve', req.body),
  });

  for (const action of ['reject', 'pause', 'activate'] as const satisfies AdAction[]) {
    r.post(`/ads/:id/${action}`, {
      preValidation: superAdmin,
      schema: {
        operationId: `${action}Ad`,
        summary: MODERATION_SUMMARIES[action],
        description: 'Att be om läget annonsen redan har ändrar ingenting.',
        tags: ['ads'],
        'x-roles': ['super_admin'],
        params: UuidParamsSchema,
        body: EmptyBodySchema,
        response: { 200: AdSchema, ...ROLE_ERRORS, 404: AD_MISSING },
      },
      handler: (req) => adsService.moderateAd(ctx, req.params.id, action),
    });
  }

  // 200 with the ad and its one-time tokens, or 204 (no body) when no ad fits.
  r.post('/ads/select', {
    preValidation: requireAuth,
    schema: {
      operationId: 'selectAd',
      summary: 'Välj en annons för en plats',
      description: 'Med engångstokens för visning och klick (POST /api/ads/impression och /click).',
      tags: ['ads'],
      body: AdSelectBodySchema,
      response: {
        200: AdSelectionSchema,
        204: z.undefined().meta({ description: 'Ingen annons passar (inget innehåll).' }),
        ...SIGNED_IN_ERRORS,
      },
    },
    handler: async (req, reply) => {
      const ad = await selector.select(authOf(req), req.body);
      if (!ad) return reply.status(204).send(undefined);
      const { placement } = req.body;
      const tokens = (await adTokens()).issue({
        adId: ad.id,
        placement,
        userId: authOf(req).user.id,
      });
      return toSelection(ad, placement, tokens);
    },
  });

  await r.register(async (scope) => adBeaconRoutes(scope, ctx, adTokens));
}
