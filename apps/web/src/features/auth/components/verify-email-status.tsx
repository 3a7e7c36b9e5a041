import { ErrorCodes } from '@speedway/contracts';
import { ApiError } from '@/lib/api-client';
import { useVerifyEmail } from '../api/verify-email';
import { TokenLinkStatus } from './token-link-status';

export const MISSING_VERIFY_TOKEN = 'Verifieringslänken saknar token.';
export const VERIFY_FAILED = 'Verifieringen misslyckades. Länken kan vara ogiltig eller förbrukad.';

/**
 * The spec's text for a failed link, but the server's own reason when the link of an e-mail
 * change is refused because another account has the address now (`EMAIL_TAKEN`).
 */
export function VerifyEmailStatus({ token }: { token: string | null }) {
  const verify = useVerifyEmail();
  const { error } = verify;
  const taken = error instanceof ApiError && error.code === ErrorCodes.EMAIL_TAKEN;
  return (
    <TokenLinkStatus
      token={token}
      action={verify}
      texts={{
        missing: MISSING_VERIFY_TOKEN,
        failed: taken ? error.message : VERIFY_FAILED,
        pending: 'Verifierar e-postadressen…',
      }}
    />
  );
}
