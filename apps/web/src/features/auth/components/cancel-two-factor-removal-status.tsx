import { useCancelTwoFactorRemoval } from '../api/cancel-two-factor-removal';
import { TokenLinkStatus } from './token-link-status';

export const MISSING_CANCEL_TOKEN = 'Länken saknar token.';

/** The link in the mail about a pending removal of 2FA; the server's message on failure too. */
export function CancelTwoFactorRemovalStatus({ token }: { token: string | null }) {
  const cancel = useCancelTwoFactorRemoval();
  return (
    <TokenLinkStatus
      token={token}
      action={cancel}
      texts={{
        missing: MISSING_CANCEL_TOKEN,
        failed:
          cancel.error?.message ??
          'Länken är ogiltig eller förbrukad, eller så har tvåfaktorsautentiseringen redan tagits bort.',
        pending: 'Avbryter borttagningen…',
      }}
    />
  );
}
