import { useVerifyEmail } from '../api/verify-email';
import { TokenLinkStatus } from './token-link-status';

export const MISSING_VERIFY_TOKEN = 'Verifieringslänken saknar token.';
export const VERIFY_FAILED = 'Verifieringen misslyckades. Länken kan vara ogiltig eller förbrukad.';

export function VerifyEmailStatus({ token }: { token: string | null }) {
  const verify = useVerifyEmail();
  return (
    <TokenLinkStatus
      token={token}
      action={verify}
      texts={{
        missing: MISSING_VERIFY_TOKEN,
        failed: VERIFY_FAILED,
        pending: 'Verifierar e-postadressen…',
      }}
    />
  );
}
