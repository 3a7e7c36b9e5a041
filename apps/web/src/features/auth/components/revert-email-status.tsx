import { useRevertEmail } from '../api/revert-email';
import { TokenLinkStatus } from './token-link-status';

export const MISSING_REVERT_TOKEN = 'Länken saknar token.';

/** Shows the server's message on failure too (e.g. the old address is now someone else's). */
export function RevertEmailStatus({ token }: { token: string | null }) {
  const revert = useRevertEmail();
  return (
    <TokenLinkStatus
      token={token}
      action={revert}
      texts={{
        missing: MISSING_REVERT_TOKEN,
        failed:
          revert.error?.message ??
          'Länken för att ångra ändringen är ogiltig, förbrukad eller har gått ut.',
        pending: 'Återställer e-postadressen…',
      }}
    />
  );
}
