import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
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
import { authOf, requireAuth, requireRole } from '../../plugins/auth';
import { createAdSelector } from './ad-selection';
import { createAdTokens, loadAdTokenKey, type AdTokens } from './ad-tokens';
import { adBeaconRoutes } from './ad-beacons.routes';
import * as adsService from './ads.service';
import type { AdAction } from './ads.service';
import { toSelection } from './ads.mapper';

const adminRoles = requireRole('club_admin', 'super_admin');
const superAdmin = requireRole('super_admin');

/** Banner ads (spec §7 /api/ads…): the admin area's calls, the selection and the counting. */
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
    schema: { response: { 200: AdListSchema } },
    handler: (req) => adsService.listAds(ctx, authOf(req)),
  });

  r.get('/ads/:id', {
    preValidation: adminRoles,
    schema: { params: UuidParamsSchema, response: { 200: AdSchema } },
    handler: (req) => adsService.getAd(ctx, authOf(req), req.params.id),
  });

  r.post('/ads', {
    preValidation: adminRoles,
    schema: { body: AdFormBodySchema, response: { 201: AdSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await adsService.createAd(ctx, authOf(req), req.body)),
  });

  r.put('/ads/:id', {
    preValidation: adminRoles,
    schema: { params: UuidParamsSchema, body: AdFormBodySchema, response: { 200: AdSchema } },
    handler: (req) => adsService.updateAd(ctx, authOf(req), req.params.id, req.body),
  });

  r.delete('/ads/:id', {
    preValidation: superAdmin,
    schema: {
      params: UuidParamsSchema,
      body: EmptyBodySchema,
      response: { 200: MessageResponseSchema },
    },
    handler: (req) => adsService.deleteAd(ctx, req.params.id),
  });

  for (const action of ['approve', 'reject', 'pause', 'activate'] as const satisfies AdAction[]) {
    r.post(`/ads/:id/${action}`, {
      preValidation: superAdmin,
      schema: { params: UuidParamsSchema, body: EmptyBodySchema, response: { 200: AdSchema } },
      handler: (req) => adsService.moderateAd(ctx, req.params.id, action),
    });
  }

  // 200 with the ad and its one-time tokens, or 204 (no body) when no ad fits.
  r.post('/ads/select', {
    preValidation: requireAuth,
    schema: {
      body: AdSelectBodySchema,
      response: { 200: AdSelectionSchema, 204: z.undefined() },
    },
    handler: async (req, reply) => {
      const ad = await selector.select(authOf(req), req.body);
      if (!ad) return reply.status(204).send(undefined);
      const signer = await adTokens();
      const { placement } = req.body;
      return toSelection(ad, placement, {
        impression: signer.issue('impression', ad.id, placement),
        click: signer.issue('click', ad.id, placement),
      });
    },
  });

  await r.register(async (scope) => adBeaconRoutes(scope, ctx, adTokens));
}
