import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountSchema,
  DeleteAccountBodySchema,
  MessageResponseSchema,
  PasswordChangeBodySchema,
  PasswordConfirmBodySchema,
  ProfileUpdateBodySchema,
  RECOVERY_CODE_COUNT,
  ProfileUpdateResponseSchema,
  RecoveryCodesResponseSchema,
  RevokeSessionsBodySchema,
  SessionListSchema,
  TwoFactorCodeBodySchema,
  TwoFactorEnabledResponseSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStateSchema,
  UuidParamsSchema,
} from '@speedway/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponse, SIGNED_IN_ERRORS } from '../../openapi/error-responses';
import { authOf, requireAuth } from '../../plugins/auth';
import { clientMeta } from '../../plugins/client-meta';
import * as account from './account.service';

const WRONG_PASSWORD = 'Fel lösenord (`WRONG_PASSWORD`), eller ogiltig indata.';
const LIMITED =
  'För många fel lösenord (`RATE_LIMITED`) mot kontot; `Retry-After` anger sekunder att vänta.';

export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // preValidation: a caller without a session hears 401 before anything about the body.
  r.addHook('preValidation', requireAuth);

  r.get('/account/me', {
    schema: {
      operationId: 'getAccount',
      summary: 'Hämta mitt konto',
      tags: ['account'],
      response: { 200: AccountSchema, ...SIGNED_IN_ERRORS },
    },
    handler: (req) => account.getAccount(ctx, authOf(req)),
  });

  r.put('/account/profile', {
    schema: {
      operationId: 'updateProfile',
      summary: 'Ändra visningsnamn eller e-postadress',
      description:
        'En ny e-postadress väntar i `pending_email` tills länken i mejlet till den har öppnats; ' +
        'till dess gäller `email` för inloggning och mejl. Kontots adress får en länk som ' +
        'stoppar eller ångrar bytet. En adress som redan har ett konto ger samma svar och samma ' +
        '`pending_email` (inget konto avslöjas, inte heller efteråt), men ingen länk: adressens ' +
        'ägare får ett mejl om försöket. Ett nytt byte ersätter ett väntande; den nuvarande ' +
        'adressen avbryter det.',
      tags: ['account'],
      body: ProfileUpdateBodySchema,
      response: {
        200: ProfileUpdateResponseSchema,
        ...SIGNED_IN_ERRORS,
        429: errorResponse('För många adressbyten (`RATE_LIMITED`).'),
      },
    },
    handler: (req) => account.updateProfile(ctx, authOf(req), req.body, clientMeta(req)),
  });

  r.put('/account/password', {
    schema: {
      operationId: 'changePassword',
      summary: 'Byt lösenord',
      description:
        'Avslutar alla andra sessioner. Fel nuvarande lösenord räknas och begränsas som ' +
        'misslyckade inloggningar.',
      tags: ['account'],
      body: PasswordChangeBodySchema,
      response: {
        200: MessageResponseSchema,
        400: errorResponse('Fel nuvarande lösenord (`WRONG_PASSWORD`), eller ogiltig indata.'),
        ...SIGNED_IN_ERRORS,
        429: errorResponse(LIMITED),
      },
    },
    handler: (req) =>
      account.changePassword(
        ctx,
        authOf(req),
        req.body.current_password,
        req.body.new_password,
        clientMeta(req),
      ),
  });

  r.post('/account/2fa/enable', {
    schema: {
      operationId: 'startTwoFactor',
      summary: 'Påbörja tvåstegsverifiering: hemlighet och QR-kod',
      description: 'Kräver kontots lösenord (`{password}`).',
      tags: ['account'],
      body: PasswordConfirmBodySchema,
      response: {
        200: TwoFactorSetupResponseSchema,
        400: errorResponse(WRONG_PASSWORD),
        ...SIGNED_IN_ERRORS,
        409: errorResponse('Tvåstegsverifiering är redan på (`CONFLICT`).'),
        429: errorResponse(LIMITED),
      },
    },
    handler: (req) => account.startTwoFactor(ctx, authOf(req), req.body.password, clientMeta(req)),
  });

  r.post('/account/2fa/verify', {
    schema: {
      operationId: 'confirmTwoFactor',
      summary: 'Slå på tvåstegsverifiering med en första kod',
      description:
        `Svaret ger ${RECOVERY_CODE_COUNT} återställningskoder (\`recovery_codes\`), som visas ` +
        'bara den här gången.',
      tags: ['account'],
      body: TwoFactorCodeBodySchema,
      response: {
        200: TwoFactorEnabledResponseSchema,
        400: errorResponse('Fel kod (`INVALID_CODE`), eller ogiltig indata.'),
        ...SIGNED_IN_ERRORS,
        409: errorResponse('Aktiveringen är inte påbörjad (`CONFLICT`).'),
      },
    },
    handler: (req) => account.confirmTwoFactor(ctx, authOf(req), req.body.code),
  });

  r.post('/account/2fa/disable', {
    schema: {
      operationId: 'disableTwoFactor',
      summary: 'Stäng av tvåstegsverifiering',
      description: 'Kräver kontots lösenord (`{password}`); tar också bort återställningskoderna.',
      tags: ['account'],
      body: PasswordConfirmBodySchema,
      response: {
        200: TwoFactorStateSchema,
        400: errorResponse(WRONG_PASSWORD),
        ...SIGNED_IN_ERRORS,
        429: errorResponse(LIMITED),
      },
    },
    handler: (req) =>
      account.disableTwoFactor(ctx, authOf(req), req.body.password, clientMeta(req)),
  });

  // Not named by the spec: new recovery codes for the old ones.
  r.post('/account/2fa/recovery-codes', {
    schema: {
      operationId: 'renewRecoveryCodes',
      summary: 'Skapa nya återställningskoder för tvåstegsverifiering',
      description:
        'Kräver kontots lösenord (`{password}`). De gamla koderna slutar gälla; de nya visas ' +
        'bara i svaret.',
      tags: ['account'],
      body: PasswordConfirmBodySchema,
      response: {
        200: RecoveryCodesResponseSchema,
        400: errorResponse(WRONG_PASSWORD),
        ...SIGNED_IN_ERRORS,
        409: errorResponse('Tvåstegsverifiering är inte på (`CONFLICT`).'),
        429: errorResponse(LIMITED),
      },
    },
    handler: (req) =>
      account.renewRecoveryCodes(ctx, authOf(req), req.body.password, clientMeta(req)),
  });

  r.get('/account/sessions', {
    schema: {
      operationId: 'listSessions',
      summary: 'Lista mina inloggade enheter',
      tags: ['account'],
      response: { 200: SessionListSchema, ...SIGNED_IN_ERRORS },
    },
    handler: (req) => account.listSessions(ctx, authOf(req)),
  });

  r.delete('/account/sessions/:id', {
    schema: {
      operationId: 'revokeSession',
      summary: 'Logga ut en enhet',
      tags: ['account'],
      params: UuidParamsSchema,
      response: {
        200: MessageResponseSchema,
        ...SIGNED_IN_ERRORS,
        404: errorResponse('Sessionen finns inte, eller är någon annans (`NOT_FOUND`).'),
      },
    },
    handler: (req) => account.revokeSession(ctx, authOf(req), req.params.id),
  });

  r.delete('/account/sessions', {
    schema: {
      operationId: 'revokeOtherSessions',
      summary: 'Logga ut alla andra enheter',
      tags: ['account'],
      body: RevokeSessionsBodySchema,
      response: {
        200: z.object({ message: z.string(), revoked: z.number().int() }),
        ...SIGNED_IN_ERRORS,
      },
    },
    handler: (req) => account.revokeOtherSessions(ctx, authOf(req)),
  });

  // Pretty-printed JSON text, sent as it is (so not through the typed reply of the schema).
  app.get('/account/export', {
    schema: {
      operationId: 'exportAccountData',
      summary: 'Exportera all min data som en JSON-fil',
      description:
        'En fil att spara (`Content-Disposition: attachment`): kontot, sessionerna, ' +
        'protokollen, sparade matcher, bevakningar, guidernas status och notisdata.',
      tags: ['account'],
      response: {
        200: z.looseObject({ exported_at: z.iso.datetime({ offset: true }) }),
        ...SIGNED_IN_ERRORS,
      },
    },
    handler: async (req, reply) => {
      const data = await account.exportData(ctx, authOf(req));
      const date = data.exported_at.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="speedway-export-${date}.json"`)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(data, null, 2));
    },
  });

  r.delete('/account', {
    schema: {
      operationId: 'deleteAccount',
      summary: 'Radera mitt konto och all min data',
      description:
        'Fältet `password` krävs; klienten bekräftar med ordet RADERA och skickar en tom ' +
        'sträng. Ett lösenord som skickas måste vara rätt, och fel lösenord begränsas som ' +
        'misslyckade inloggningar.',
      tags: ['account'],
      body: DeleteAccountBodySchema,
      response: {
        200: MessageResponseSchema,
        400: errorResponse('Fältet `password` saknas, eller ogiltig indata (`VALIDATION_ERROR`).'),
        ...SIGNED_IN_ERRORS,
        403: errorResponse('Ett lösenord skickades och det var fel (`WRONG_PASSWORD`).'),
        429: errorResponse(LIMITED),
      },
    },
    handler: (req) => account.deleteAccount(ctx, authOf(req), req.body.password, clientMeta(req)),
  });
}
