import { z } from 'zod';

export const RoleSchema = z.enum(['user', 'club_admin', 'super_admin']);
export type Role = z.infer<typeof RoleSchema>;

export const UuidParamsSchema = z.object({ id: z.uuid({ message: 'Ogiltigt id.' }) });

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

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

/**
 * How long after 'Jag har inte tillgång till min autentiseringsapp' 2FA is removed (the account's
 * address is mailed at once, with a link that cancels). Named in the server's mails and the UI.
 */
export const TWO_FACTOR_REMOVAL_DELAY_HOURS = 24;

/** How many recovery codes turning 2FA on (or renewing them) gives. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A 2FA recovery code as typed: 12 characters from an alphabet without look-alikes (no I, O, 0,
 * 1), shown as XXXX-XXXX-XXXX; case, spaces and hyphens do not matter.
 */
export const RecoveryCodeSchema = z
  .string({ message: 'Återställningskoden krävs.' })
  .max(40, { message: 'Återställningskoden ska vara 12 tecken, t.ex. ABCD-EFGH-JKLM.' })
  .transform((s) => s.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(
    z.string().regex(/^[A-HJ-NP-Z2-9]{12}$/, {
      message: 'Återställningskoden ska vara 12 tecken, t.ex. ABCD-EFGH-JKLM.',
    }),
  );
