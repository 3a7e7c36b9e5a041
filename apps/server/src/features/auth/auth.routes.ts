import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorCodes,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  MessageResponseSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SessionLoginResponseSchema,
  TwoFactorLoginBodySchema,
  TwoFactorRemovalRequestBodySchema,
  TWO_FACTOR_REMOVAL_DELAY_HOURS,
  VerifyEmailBodySchema,
} from '@speedway/contracts';
import type { AppContext } from '../../context';
import { errorResponse, SIGNED_IN_ERRORS } from '../../openapi/error-responses';
import { authOf, requireAuth } from '../../plugins/auth';
import { clientMeta } from '../../plugins/client-meta';
import * as auth from './auth.service';
import { cancelTwoFactorRemoval, requestTwoFactorRemoval } from './two-factor-removal';
import { sessionsRepository } from './sessions.repository';

const LIMITED =
  'För många försök (`RATE_LIMITED`) från adressen eller mot kontot; `Retry-After` anger ' +
  'sekunder att vänta.';

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/auth/register', {
    schema: {
      operationId: 'register',
      summary: 'Skapa ett konto',
      description:
        'Skickar ett verifieringsmejl. Svaret är detsamma om adressen redan har ett konto (då ' +
        'får den adressen ett meddelande i stället): en registrering avslöjar inga konton.',
      tags: ['auth'],
      body: RegisterBodySchema,
      response: {
        201: MessageResponseSchema,
        422: errorResponse('Felaktig e-postadress (`INVALID_EMAIL`).'),
        429: errorResponse(LIMITED),
      },
    },
    config: {
      unprocessableFields: {
        fields: ['email'],
        code: ErrorCodes.INVALID_EMAIL,
        message: 'Felaktig e-postadress. Kontrollera att adressen är korrekt.',
      },
    },
    handler: async (req, reply) => {
      const result = await auth.register(ctx, req.body.email, req.body.password, clientMeta(req));
      return reply.status(201).send(result);
    },
  });

  r.post('/auth/verify-email', {
    schema: {
      operationId: 'verifyEmail',
      summary: 'Verifiera e-postadressen med länkens token',
      description:
        'Verifierar kontots adress (registrering), eller flyttar kontot till adressen som ett ' +
        'byte väntar på (`pending_email`): den blir kontots verifierade adress.',
      tags: ['auth'],
      body: VerifyEmailBodySchema,
      response: {
        200: MessageResponseSchema,
        400: errorResponse('Ogiltig eller använd länk (`INVALID_TOKEN`), eller ogiltig indata.'),
        409: errorResponse(
          'Ett annat konto har verifierat adressen sedan bytet begärdes (`EMAIL_TAKEN`); inget ' +
            'ändras och länken kan användas igen.',
        ),
        429: errorResponse(LIMITED),
      },
    },
    handler: (req) => auth.verifyEmail(ctx, req.body.token, clientMeta(req)),
  });

  r.post('/auth/login', {
    schema: {
      operationId: 'login',
      summary: 'Logga in med e-post och lösenord',
      description:
        'Ger en session (`token`), eller med tvåstegsverifiering på kontot en biljett ' +
        '(`two_factor_required`, `ticket`, giltig 5 minuter) till POST /api/auth/2fa/verify.',
      tags: ['auth'],
      security: [],
      body: LoginBodySchema,
      response: {
        200: LoginResponseSchema,
        401: errorResponse(
          'Fel e-post eller lösenord (`INVALID_CREDENTIALS`); samma svar om kontot saknas.',
        ),
        403: errorResponse(
          'E-postadressen är inte verifierad (`EMAIL_NOT_VERIFIED`); ett nytt mejl skickas.',
        ),
        429: errorResponse(LIMITED),
      },
    },
    handler: (req) => auth.login(ctx, req.body.email, req.body.password, clientMeta(req)),
  });

  r.post('/auth/2fa/verify', {
    schema: {
      operationId: 'verifyTwoFactorLogin',
      summary: 'Slutför inloggningen med en kod från autentiseringsappen',
      description:
        'Med `code` (6 siffror från appen) eller `recovery_code` (en av kontots ' +
        'återställningskoder, XXXX-XXXX-XXXX; gäller en gång), inte båda.',
      tags: ['auth'],
      security: [],
      body: TwoFactorLoginBodySchema,
      response: {
        200: SessionLoginResponseSchema,
        401: errorResponse(
          'Ogiltig eller förbrukad biljett (`INVALID_TOKEN`) eller fel kod (`INVALID_CODE`).',
        ),
        429: errorResponse(LIMITED),
      },
    },
    handler: (req) => {
      const { ticket, code, recovery_code } = req.body;
      const factor = code !== undefined ? { code } : { recovery_code: recovery_code! };
      return auth.verifyTwoFactorLogin(ctx, ticket, factor, clientMeta(req));
    },
  });

  // Not named by the spec: 'Jag har inte tillgång till min autentiseringsapp' at the code step.
  r.post('/auth/2fa/removal', {
    schema: {
      operationId: 'requestTwoFactorRemoval',
      summary: 'Be om att tvåstegsverifieringen tas bort via e-post',
      description:
        'Med biljetten från inloggningen (som förbrukas): kontots adress får genast ett mejl ' +
        `med en länk som avbryter, och efter ${TWO_FACTOR_REMOVAL_DELAY_HOURS} timmar tas tvåstegsverifieringen bort och ` +
        'adressen får besked. Bara en borttagning väntar åt gången.',
      tags: ['auth'],
      security: [],
      body: TwoFactorRemovalRequestBodySchema,
      response: {
        200: MessageResponseSchema,
        401: errorResponse('Ogiltig eller förbrukad biljett (`INVALID_TOKEN`).'),
        429: errorResponse(LIMITED),
      },
    },
    handler: (req) => requestTwoFactorRemoval(ctx, req.body.ticket, clientMeta(req)),
  });

  // Not named by the spec: the link in the mail about a pending removal of 2FA.
  r.post('/auth/2fa/removal/cancel', {
    schema: {
      operationId: 'cancelTwoFactorRemoval',
      summary: 'Avbryt en begärd borttagning av tvåstegsverifieringen',
      description: 'Med token från länken i mejlet; tvåstegsverifieringen blir kvar.',
      tags: ['auth'],
      security: [],
      body: VerifyEmailBodySchema,
      response: {
        200: MessageResponseSchema,
        400: errorResponse('Ogiltig, använd eller för gammal länk (`INVALID_TOKEN`).'),
        429: errorResponse(LIMITED),
      },
    },
    handler: (req) => cancelTwoFactorRemoval(ctx, req.body.token, clientMeta(req)),
  });

  r.post('/auth/password/forgot', {
    schema: {
      operationId: 'forgotPassword',
      summary: 'Begär en länk för att återställa lösenordet',
      description: 'Samma svar om adressen saknar konto.',
      tags: ['auth'],
      body: ForgotPasswordBodySchema,
      response: { 200: MessageResponseSchema, 429: errorResponse(LIMITED) },
    },
    handler: (req) => auth.forgotPassword(ctx, req.body.email, clientMeta(req)),
  });

  r.post('/auth/password/reset', {
    schema: {
      operationId: 'resetPassword',
      summary: 'Välj nytt lösenord med länkens token',
      description: 'Avslutar alla sessioner; länken gäller en timme och en gång.',
      tags: ['auth'],
      body: ResetPasswordBodySchema,
      response: {
        200: MessageResponseSchema,
        400: errorResponse('Ogiltig, använd eller för gammal länk (`INVALID_TOKEN`).'),
        429: errorResponse(LIMITED),
      },
    },
    handler: (req) =>
      auth.resetPassword(ctx, req.body.token, req.body.new_password, clientMeta(req)),
  });

  // Not named by the spec: the link mailed to the old address after an e-mail change.
  r.post('/auth/email/revert', {
    schema: {
      operationId: 'revertEmailChange',
      summary: 'Ångra ett byte av e-postadress',
      description:
        'Med token från länken som mejlades till kontots adress vid ett byte: stoppar bytet ' +
        '(innan den nya adressen är bekräftad) eller återställer adressen (efter), avslutar alla ' +
        'sessioner och mejlar en länk för nytt lösenord.',
      tags: ['auth'],
      body: VerifyEmailBodySchema,
      response: {
        200: MessageResponseSchema,
        400: errorResponse('Ogiltig eller använd länk (`INVALID_TOKEN`).'),
        409: errorResponse('Den gamla adressen används nu av ett annat konto (`EMAIL_TAKEN`).'),
        429: errorResponse(LIMITED),
      },
    },
    handler: (req) => auth.revertEmail(ctx, req.body.token, clientMeta(req)),
  });

  // Not named by the spec: ends the current session on the server when the user signs out.
  r.post('/auth/logout', {
    preValidation: requireAuth,
    schema: {
      operationId: 'logout',
      summary: 'Logga ut: avsluta den här sessionen',
      tags: ['auth'],
      response: { 200: MessageResponseSchema, ...SIGNED_IN_ERRORS },
    },
    handler: async (req) => {
      const { user, session } = authOf(req);
      await sessionsRepository.deleteOne(ctx.db, user.id, session.id);
      return { message: 'Du har loggats ut.' };
    },
  });
}
