import { parseJsonBody } from '../../plugins/json-body';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdBeaconBodySchema, AdBeaconResponseSchema } from '@speedway/contracts';
import type { AppContext } from '../../context';
import { errorResponse } from '../../openapi/error-responses';
import { badRequest } from '../../lib/errors';
import type { AdTokenKind, AdTokens } from './ad-tokens';
import { adsRepository } from './ads.repository';

const INVALID_TOKEN = 'Ogiltig eller för gammal annonstoken.';

/**
 * POST /api/ads/impression and POST /api/ads/click. The browser sends them with
 * navigator.sendBeacon, which posts a text/plain body (the JSON as text) without the
 * Authorization header, or with a keep-alive fetch (application/json). The one-time token from
 * the selection is the credential: no session is needed, and each token counts once.
 */
export async function adBeaconRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  adTokens: () => Promise<AdTokens>,
) {
  // In this scope only: the rest of the API answers 415 to anything but JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, parseJsonBody);
  const r = app.withTypeProvider<ZodTypeProvider>();

  const beacon = (kind: AdTokenKind) =>
    r.post(`/ads/${kind}`, {
      schema: {
        operationId: kind === 'impression' ? 'countAdImpression' : 'countAdClick',
        summary:
          kind === 'impression' ? 'Räkna en visning av en annons' : 'Räkna ett klick på en annons',
        description:
          'Ingen inloggning: urvalets engångstoken är behörigheten och räknas en gång. Skickas ' +
          'med navigator.sendBeacon (`text/plain` med JSON) eller fetch (`application/json`).',
        tags: ['ads'],
        consumes: ['application/json', 'text/plain'],
        body: AdBeaconBodySchema,
        response: {
          200: AdBeaconResponseSchema,
          400: errorResponse(
            'Ogiltig eller för gammal token (`INVALID_TOKEN`), eller ogiltig indata.',
          ),
        },
      },
      handler: async (req) => {
        const token = (await adTokens()).verify(req.body.token, kind);
        if (!token || token.adId !== req.body.id) throw badRequest(INVALID_TOKEN, 'INVALID_TOKEN');
        const counted = await adsRepository.count(ctx.db, kind, {
          tokenId: token.tokenId,
          adId: token.adId,
          placement: token.placement,
        });
        return { counted };
      },
    });

  beacon('impression');
  beacon('click');
}
