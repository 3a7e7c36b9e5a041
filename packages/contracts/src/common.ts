import { z } from 'zod';

export const RoleSchema = z.enum(['user', 'club_admin', 'super_admin']);
export type Role = z.infer<typeof RoleSchema>;

export const UuidParamsSchema = z.object({ id: z.uuid({ message: 'Ogiltigt id.' }) });

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const OkResponseSchema = z.object({ ok: z.literal(true) });

/** E-mail as typed by a person: trimmed and compared case-insensitively. */
export const EmailSchema = z
  .string({ message: 'E-postadress krävs.' })
  .trim()
  .toLowerCase()
  .min(1, { message: 'E-postadress krävs.' })
  .max(254, { message: 'E-postadressen är för lång.' })
  .pipe(z.email({ message: 'Felaktig e-postadress. Kontrollera att adressen är korrekt.' }));

export const PASSWORD_MIN_LENGTH = 8;
export const NewPasswordSchema = z
  .string({ message: 'Lösenord krävs.' })
  .min(PASSWORD_MIN_LENGTH, {
    message: `Lösenordet måste vara minst ${PASSWORD_MIN_LENGTH} tecken.`,
  })
  .max(200, { message: 'Lösenordet får vara högst 200 tecken.' });

/** A password being checked (login, confirmation): never reveal the policy here. */
export const PasswordInputSchema = z
  .string({ message: 'Lösenord krävs.' })
  .min(1, { message: 'Lösenord krävs.' })
  .max(200, { message: 'Lösenordet får vara högst 200 tecken.' });

export const OtpCodeSchema = z
  .string({ message: 'Koden krävs.' })
  .trim()
  .regex(/^\d{6}$/, { message: 'Koden ska vara exakt 6 siffror.' });

export const OTP_LENGTH = 6;
