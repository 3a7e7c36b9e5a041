import type { RiderIdentity } from '@speedway/contracts';
import { Split } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSplitRider } from '../api/split-rider';
import { entryLabel, heatsLabel, type RiderEntry } from '../lib/identities';

/**
 * Asks before an entry leaves its identity for one of its own (the undoing of a wrong merge). A
 * refusal (the entry is no longer his, or his only one) is shown here in the server's words, and
 * the dialog stays.
 */
export function SplitEntryDialog({
  identity,
  entry,
  onClose,
}: {
  identity: RiderIdentity;
  /** The entry to split out; null while the dialog is closed. */
  entry: RiderEntry | null;
  onClose: () => void;
}) {
  const split = useSplitRider();
  const close = () => {
    split.reset();
    onClose();
  };

  const confirm = () => {
    if (!entry || split.isPending) return;
    split.mutate(
      { id: identity.id, entry_id: entry.entry_id, season: entry.season },
      {
        onSuccess: (created) => {
          toast.success(`${created.name} (${entryLabel(entry)}) är nu en egen förare.`);
          close();
        },
      },
    );
  };

  return (
    // While the call is running the dialog stays, so its outcome is seen where it was asked for.
    <Dialog
      open={entry !== null}
      onOpenChange={(open) => (open || split.isPending ? null : close())}
    >
      {entry ? (
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Dela ut posten?</DialogTitle>
            <DialogDescription>
              Posten blir en egen förare, skild från {identity.name}. Statistiken räknas om för
              båda.
            </DialogDescription>
          </DialogHeader>
          <DialogBody className="grid gap-3">
            <div className="rounded-lg border px-3 py-2">
              <p className="font-semibold break-words">{entry.name}</p>
              <p className="text-[13px] text-muted-foreground">
                {entryLabel(entry)} · {heatsLabel(entry.heats)}
              </p>
            </div>
            {split.isError ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {errorMessage(split.error, 'Kunde inte dela ut posten. Försök igen.')}
              </p>
            ) : null}
          </DialogBody>
          <DialogFooter className="sm:grid-cols-2">
            <Button variant="outline" disabled={split.isPending} onClick={close}>
              Avbryt
            </Button>
            <Button disabled={split.isPending} onClick={confirm}>
              {split.isPending ? <Spinner label="Delar ut…" /> : <Split aria-hidden="true" />}
              Dela ut
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
