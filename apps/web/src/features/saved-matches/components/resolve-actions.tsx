import type { ResolveAction } from '@speedway/contracts';
import { Check, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useResolveSavedMatch } from '../api/resolve-saved-match';
import { failureDetail } from '../lib/failure';

/**
 * docs/spec/2-matches-protocols-admin.md §4: with a difference the user either takes the official
 * points (accept_official) or keeps the protocol's and marks them validated (keep_user).
 */
export function ResolveActions({ id }: { id: string }) {
  const resolve = useResolveSavedMatch();
  const pendingAction = resolve.isPending ? resolve.variables.action : null;
  const run = (action: ResolveAction) => {
    if (resolve.isPending) return;
    resolve.mutate(
      { id, action },
      {
        onSuccess: () => toast.success('Matchen uppdaterad'),
        onError: (error) =>
          toast.error('Kunde inte uppdatera matchen', { description: failureDetail(error) }),
      },
    );
  };
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Godtar du det officiella resultatet ersätts dina poäng med de officiella. Behåller du ditt
        protokoll står dina poäng kvar och matchen markeras som validerad.
      </p>
      <div className="grid gap-2 sm:flex">
        <Button disabled={resolve.isPending} onClick={() => run('accept_official')}>
          {pendingAction === 'accept_official' ? <Spinner /> : <Check aria-hidden="true" />}
          Godta officiellt resultat
        </Button>
        <Button variant="outline" disabled={resolve.isPending} onClick={() => run('keep_user')}>
          {pendingAction === 'keep_user' ? <Spinner /> : <ShieldCheck aria-hidden="true" />}
          Behåll mitt protokoll
        </Button>
      </div>
    </div>
  );
}
