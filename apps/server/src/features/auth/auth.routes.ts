import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  VerifyEmailBodySchema,
} from '@speedway/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../../plugins/auth';
import * as auth from './auth.service';
import { sessionsRepository } from './sessions.repository';

export const clientMeta = (request: FastifyRequest): auth.ClientMeta => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
});

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/auth/register', {
    schema: { body: RegisterBodySchema, response: { 201: MessageResponseSchema } },
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
    schema: { body: VerifyEmailBodySchema, response: { 200: MessageResponseSchema } },
    handler: (req) => auth.verifyEmail(ctx, req.body.token, clientMeta(req)),
  });

  r.post('/auth/login', {
    schema: { body: LoginBodySchema, response: { 200: LoginResponseSchema } },
    handler: (req) => auth.login(ctx, req.body.email, req.body.password, clientMeta(req)),
  });

  r.post('/auth/2fa/verify', {
    schema: { body: TwoFactorLoginBodySchema, response: { 200: SessionLoginResponseSchema } },
    handler: (req) =>
      auth.verifyTwoFactorLogin(ctx, req.body.ticket, req.body.code, clientMeta(req)),
  });

  r.post('/auth/password/forgot', {
    schema: { body: ForgotPasswordBodySchema, response: { 200: MessageResponseSchema } },
    handler: (req) => auth.forgotPassword(ctx, req.body.email, clientMeta(req)),
  });

  r.post('/auth/password/reset', {
    schema: { body: ResetPasswordBodySchema, response: { 200: MessageResponseSchema } },
    handler: (req) =>
      auth.resetPassword(ctx, req.body.token, req.body.new_password, clientMeta(req)),
  });

  // Not named by the spec: the link mailed to the old address after an e-mail change.
  r.post('/auth/email/revert', {
    schema: { body: VerifyEmailBodySchema, response: { 200: MessageResponseSchema } },
    handler: (req) => auth.revertEmail(ctx, req.body.token, clientMeta(req)),
  });

  // Not named by the spec: ends the current session on the server when the user signs out.
  r.post('/auth/logout', {
    preValidation: requireAuth,
    schema: { response: { 200: z.object({ message: z.string() }) } },
    handler: async (req) => {
      const { user, session } = authOf(req);
      await sessionsRepository.deleteOne(ctx.db, user.id, session.id);
      return { message: 'Du har loggats ut.' };
    },
  });
}
