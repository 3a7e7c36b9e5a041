/**
 * docs/spec/1-app-shell-auth-account.md §5: the forms' e-mail is required; an empty field says so,
 * not that it is malformed.
 */
export const EMAIL_REQUIRED = 'E-postadress krävs.';

/**
 * The shared e-mail schema checks the format of whatever it is given, so an empty field would read
 * as a malformed address; this names the missing one first.
 */
export function withRequiredEmail<E extends { email?: string }>(
  email: string,
  errors: E | undefined,
): E {
  return email.trim() === '' ? ({ ...errors, email: EMAIL_REQUIRED } as E) : (errors ?? ({} as E));
}
