import { z } from 'zod';
import {
  EmailSchema,
  NewPasswordSchema,
  OtpCodeSchema,
  PasswordInputSchema,
  RecoveryCodeSchema,
  RoleSchema,
} from './common';

export const UserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  display_name: z.string().nullable(),
  username: z.string().nullable(),
  role: RoleSchema,
  club_slug: z.string().nullable(),
  email_verified: z.boolean(),
  avatar_url: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const LoginBodySchema = z.object({
  email: z
    .string({ message: 'E-postadress krävs.' })
    .trim()
    .toLowerCase()
    .min(1, 'E-postadress krävs.')
    .max(254),
  password: PasswordInputSchema,
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const DEFAULT_DEVICE_LABEL = 'Ny enhet';

export const SessionLoginResponseSchema = z.object({ token: z.string(), user: UserSchema });
export const TwoFactorRequiredResponseSchema = z.object({
  two_factor_required: z.literal(true),
  ticket: z.string(),
  device_label: z.string(),
  user: UserSchema.pick({ id: true, email: true, display_name: true }),
});
export const LoginResponseSchema = z.union([
  SessionLoginResponseSchema,
  TwoFactorRequiredResponseSchema,
]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;
export type SessionLoginResponse = z.infer<typeof SessionLoginResponseSchema>;

const LoginTicketSchema = z.string({ message: 'Inloggningsbiljett saknas.' }).min(1).max(200);

/** The second step of a login: the app's 6-digit code, or one of the account's recovery codes. */
export const TwoFactorLoginBodySchema = z
  .object({
    ticket: LoginTicketSchema,
    code: OtpCodeSchema.optional(),
    recovery_code: RecoveryCodeSchema.optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), {
    message: 'Koden krävs.',
    path: ['code'],
  });
export type TwoFactorLoginBody = z.infer<typeof TwoFactorLoginBodySchema>;

/** 'Jag har inte tillgång till min autentiseringsapp': removal of 2FA by e-mail, after a delay. */
export const TwoFactorRemovalRequestBodySchema = z.object({ ticket: LoginTicketSchema });

export const RegisterBodySchema = z.object({ email: EmailSchema, password: NewPasswordSchema });
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export const ResetPasswordBodySchema = z.object({
  token: z
    .string({ message: 'Saknar token för återställning' })
    .min(1, 'Saknar token för återställning')
    .max(200),
  new_password: NewPasswordSchema,
});
export const VerifyEmailBodySchema = z.object({
  token: z
    .string({ message: 'Verifieringslänken saknar token.' })
    .min(1, 'Verifieringslänken saknar token.')
    .max(200),
});
