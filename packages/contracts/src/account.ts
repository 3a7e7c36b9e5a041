import { z } from 'zod';
import { EmailSchema, NewPasswordSchema, OtpCodeSchema, PasswordInputSchema } from './common';
import { UserSchema } from './auth';

/**
 * The user as the account pages read it (`GET /api/account/me`, the profile reply): `email` is the
 * address the account signs in with and gets mail at, and `email_verified` is about that address.
 * `pending_email` is the address an e-mail change waits to move to until the link mailed there is
 * followed (null when no change waits). It is set alike whether or not the address already has an
 * account, so the reply never tells which.
 */
export const PendingEmailSchema = z.string().nullable();
export const ProfileUserSchema = UserSchema.extend({ pending_email: PendingEmailSchema });
export type ProfileUser = z.infer<typeof ProfileUserSchema>;

export const AccountSchema = ProfileUserSchema.extend({
  two_factor_enabled: z.boolean(),
  stats: z.object({ protocols: z.number().int(), last_active: z.string().nullable() }),
});
export type Account = z.infer<typeof AccountSchema>;

export const ProfileUpdateBodySchema = z
  .object({
    display_name: z
      .string()
      .trim()
      .max(80, { message: 'Visningsnamnet får vara högst 80 tecken.' })
      .nullable()
      .optional(),
    email: EmailSchema.optional(),
  })
  .strict();
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBodySchema>;

export const ProfileUpdateResponseSchema = z.object({
  user: ProfileUserSchema,
  email_verification_sent: z.boolean(),
  message: z.string(),
});

export const PasswordChangeBodySchema = z.object({
  current_password: PasswordInputSchema,
  new_password: NewPasswordSchema,
});

export const SessionSchema = z.object({
  id: z.uuid(),
  current: z.boolean(),
  device: z.string(),
  browser: z.string(),
  browserNice: z.string(),
  os: z.string(),
  osNice: z.string(),
  user_agent: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_active: z.string(),
});
export type Session = z.infer<typeof SessionSchema>;
export const SessionListSchema = z.array(SessionSchema);

export const RevokeSessionsBodySchema = z.object({
  scope: z.literal('others', { message: "scope måste vara 'others'." }),
});

export const TwoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qrcodeDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupResponseSchema>;
export const TwoFactorCodeBodySchema = z.object({ code: OtpCodeSchema });

/** Turning 2FA on or off, or renewing its recovery codes, takes the current password. */
export const PasswordConfirmBodySchema = z.object({ password: PasswordInputSchema });
export type PasswordConfirmBody = z.infer<typeof PasswordConfirmBodySchema>;

export const TwoFactorStateSchema = z.object({
  message: z.string(),
  two_factor_enabled: z.boolean(),
});
/** 2FA turned on: the recovery codes, shown this once (only their hashes are kept). */
export const TwoFactorEnabledResponseSchema = TwoFactorStateSchema.extend({
  recovery_codes: z.array(z.string()),
});
export type TwoFactorEnabledResponse = z.infer<typeof TwoFactorEnabledResponseSchema>;
export const RecoveryCodesResponseSchema = z.object({
  message: z.string(),
  recovery_codes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

/** The client confirms deletion with the typed word RADERA and sends an empty password. */
export const DeleteAccountBodySchema = z.object({
  password: z
    .string({ message: 'Lösenord krävs.' })
    .max(200, { message: 'Lösenordet får vara högst 200 tecken.' }),
});
