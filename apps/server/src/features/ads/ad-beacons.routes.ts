import { parseJsonBody } from '../../plugins/json-body';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AdBeaconBodySchema, AdBeaconResponseSchema, type AdBeaconBody } from '@speedway/contracts';
import type { AppContext } from '../../context';
import { errorResponse } from '../../openapi/error-responses';
import { badRequest } from '../../lib/errors';
import type { AdTokenKind, AdTokens } from './ad-tokens';
import { adsRepository } from './ads.repository';

const INVALID_TOKEN = 'Ogiltig eller för gammal annonstoken.';
const TOKEN_REQUIRED = 'Token krävs.';

const DESCRIPTIONS: Record<AdTokenKind, string> = {
  impression:
    'Ingen inloggning: urvalets engångstoken (`impression_token`) är behörigheten. Räknas en gång ' +
    'per token, och en gång per tittare, annons och plats var tionde sekund. Skickas med ' +
    'navigator.sendBeacon (`text/plain` med JSON) eller fetch (`application/json`).',
  click:
    'Räknas bara på en räknad visning som inte redan fått ett klick: med urvalets `click_token` ' +
    'den visning som tokenen hör till (ingen inloggning behövs); utan token (specens form, `id` ' +
    'och `placement`) avsändarens (Authorization) senaste sådana visning av annonsen det senaste ' +
    'dygnet. Ett klick utan token och utan giltig session tas emot men räknas inte. Skickas med ' +
    'navigator.sendBeacon (`text/plain` med JSON) eller fetch (`application/json`).',
};

/**
 * POST /api/ads/impression and POST /api/ads/click. The browser sends them with
 * navigator.sendBeacon, which posts a text/plain body (the JSON as text) without the
 * Authorization header, or with a keep-alive fetch (application/json). The one-time token from
 * the selection is the credential: no session is needed. A click needs a counted impression and
 * counts once on it, so that clicks cannot outnumber impressions (the database's unique keys
 * decide, whichever instance answers).
 */
export async function adBeaconRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  adTokens: () => Promise<AdTokens>,
) {
  // In this scope only: the rest of the API answers 415 to anything but JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, parseJsonBody);
  const r = app.withTypeProvider<ZodTypeProvider>();

  const verified = async (body: AdBeaconBody, kind: AdTokenKind) => {
    if (!body.token) throw badRequest(TOKEN_REQUIRED);
    const token = (await adTokens()).verify(body.token, kind);
    if (!token || token.adId !== body.id) throw badRequest(INVALID_TOKEN, 'INVALID_TOKEN');
    return token;
  };

  const countImpression = async (body: AdBeaconBody) =>
    adsRepository.countImpression(ctx.db, await verified(body, 'impression'));

  // A click in the spec's form (no token) counts for the signed-in sender. An anonymous one (a
  // beacon carries no session) is taken and not counted: no impression can be tied to it.
  const countClick = async (body: AdBeaconBody, userId: string | undefined) => {
    if (body.token) return adsRepository.countClick(ctx.db, await verified(body, 'click'));
    if (!userId) return false;
    return adsRepository.countClick(ctx.db, { userId, adId: body.id, placement: body.placement });
  };

  for (const kind of ['impression', 'click'] as const) {
    r.post(`/ads/${kind}`, {
      schema: {
        operationId: kind === 'impression' ? 'countAdImpression' : 'countAdClick',
        summary:
          kind === 'impression' ? 'Räkna en visning av en annons' : 'Räkna ett klick på en annons',
        description: DESCRIPTIONS[kind],
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
      handler: async (req) => ({
        counted:
          kind === 'impression'
            ? await countImpression(req.body)
            : await countClick(req.body, req.auth?.user.id),
      }),
    });
  }
}
