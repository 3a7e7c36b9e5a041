import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountSchema,
  DeleteAccountBodySchema,
  MessageResponseSchema,
  PasswordChangeBodySchema,
  ProfileUpdateBodySchema,
  ProfileUpdateResponseSchema,
  RevokeSessionsBodySchema,
  SessionListSchema,
  TwoFactorCodeBodySchema,
  TwoFactorSetupResponseSchema,
  UuidParamsSchema,
} from '@speedway/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { authOf, requireAuth } from '../../plugins/auth';
import { clientMeta } from '../auth/auth.routes';
import * as account from './account.service';

const TwoFactorStateSchema = z.object({ message: z.string(), two_factor_enabled: z.boolean() });

export async function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // preValidation: a caller without a session hears 401 before anything about the body.
  r.addHook('preValidation', requireAuth);

  r.get('/account/me', {
    schema: { response: { 200: AccountSchema } },
    handler: (req) => account.getAccount(ctx, authOf(req)),
  });

  r.put('/account/profile', {
    schema: { body: ProfileUpdateBodySchema, response: { 200: ProfileUpdateResponseSchema } },
    handler: (req) => account.updateProfile(ctx, authOf(req), req.body, clientMeta(req)),
  });

  r.put('/account/password', {
    schema: { body: PasswordChangeBodySchema, response: { 200: MessageResponseSchema } },
    handler: (req) =>
      account.changePassword(ctx, authOf(req), req.body.current_password, req.body.new_password),
  });

  r.post('/account/2fa/enable', {
    schema: { response: { 200: TwoFactorSetupResponseSchema } },
    handler: (req) => account.startTwoFactor(ctx, authOf(req)),
  });

  r.post('/account/2fa/verify', {
    schema: { body: TwoFactorCodeBodySchema, response: { 200: TwoFactorStateSchema } },
    handler: (req) => account.confirmTwoFactor(ctx, authOf(req), req.body.code),
  });

  r.post('/account/2fa/disable', {
    schema: { response: { 200: TwoFactorStateSchema } },
    handler: (req) => account.disableTwoFactor(ctx, authOf(req)),
  });

  r.get('/account/sessions', {
    schema: { response: { 200: SessionListSchema } },
    handler: (req) => account.listSessions(ctx, authOf(req)),
  });

  r.delete('/account/sessions/:id', {
    schema: { params: UuidParamsSchema, response: { 200: MessageResponseSchema } },
    handler: (req) => account.revokeSession(ctx, authOf(req), req.params.id),
  });

  r.delete('/account/sessions', {
    schema: {
      body: RevokeSessionsBodySchema,
      response: { 200: z.object({ message: z.string(), revoked: z.number().int() }) },
    },
    handler: (req) => account.revokeOtherSessions(ctx, authOf(req)),
  });

  r.get('/account/export', {
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
    schema: { body: DeleteAccountBodySchema, response: { 200: MessageResponseSchema } },
    handler: (req) => account.deleteAccount(ctx, authOf(req), req.body?.password),
  });
}
