import { Trash2 } from 'lucide-react';
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

type ConfirmDeleteDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** What is deleted, e.g. 'Vargarna – Dackarna'. */
  subject?: string;
  pending: boolean;
  onConfirm: () => void;
};

/** Asks before a protocol is deleted; nothing is deleted until 'Ta bort' is pressed. */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  title,
  description,
  subject,
  pending,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  return (
    // While the call is running the dialog stays, so its outcome is seen where it was asked for.
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {subject ? (
          <DialogBody>
            <p className="font-semibold">{subject}</p>
          </DialogBody>
        ) : null}
        <DialogFooter className="sm:grid-cols-2">
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            Avbryt
          </Button>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending ? <Spinner /> : <Trash2 aria-hidden="true" />}
            Ta bort
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
