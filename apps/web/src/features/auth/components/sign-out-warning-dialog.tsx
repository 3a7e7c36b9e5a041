import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { discardAll } from '@/lib/offline/outbox';

export const DISCARD_FAILED = 'Ändringarna kunde inte raderas. Försök igen.';

type SignOutWarningDialogProps = {
  /** Whose changes they are: only theirs are deleted. */
  userId: string;
  /** How many changes have not been sent. */
  count: number;
  onCancel: () => void;
  /** Signs out (the outbox is kept unless the user chose to delete it first). */
  onSignOut: () => void;
};

/** 'Osynkade ändringar' (ADR 010 §8): asked before a sign-out that would leave changes behind. */
export function SignOutWarningDialog({
  userId,
  count,
  onCancel,
  onSignOut,
}: SignOutWarningDialogProps) {
  const [discarding, setDiscarding] = useState(false);
  const [failed, setFailed] = useState(false);

  const discardAndSignOut = async () => {
    setDiscarding(true);
    setFailed(false);
    try {
      await discardAll(userId);
    } catch {
      // Signing out now would leave the changes the user asked to delete: stay and say so.
      setDiscarding(false);
      setFailed(true);
      return;
    }
    onSignOut();
  };

  return (
    <Dialog open onOpenChange={(open) => (open || discarding ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Osynkade ändringar</DialogTitle>
          <DialogDescription>
            {count === 1
              ? '1 ändring har inte skickats. Loggar du ut ligger den kvar på enheten och skickas när du loggar in igen.'
              : `${count} ändringar har inte skickats. Loggar du ut ligger de kvar på enheten och skickas när du loggar in igen.`}
          </DialogDescription>
        </DialogHeader>
        {failed ? (
          <p role="alert" className="px-5 pt-3 text-sm text-destructive">
            {DISCARD_FAILED}
          </p>
        ) : null}
        {/* The labels wrap on a narrow phone rather than run out of the dialog. */}
        <DialogFooter className="[&>button]:h-auto [&>button]:min-h-12 [&>button]:py-2 [&>button]:whitespace-normal">
          <Button size="lg" disabled={discarding} onClick={onSignOut}>
            Logga ut ändå
          </Button>
          <Button
            variant="outline"
            size="lg"
            className="border-destructive/40 text-destructive hover:bg-destructive/5"
            disabled={discarding}
            onClick={() => void discardAndSignOut()}
          >
            {discarding ? <Spinner /> : <Trash2 aria-hidden="true" />}
            Radera ändringarna och logga ut
          </Button>
          <Button variant="ghost" size="lg" disabled={discarding} onClick={onCancel}>
            Avbryt
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
