import { BellRing } from 'lucide-react';
import { toast } from 'sonner';
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
import { useEnablePush } from '../hooks/use-push-device';
import { pushFailureToast, PushSetupError } from '../lib/push-client';
import { PUSH_TEXTS } from '../lib/push-support';

export const ONBOARDING_TITLE = 'Vill du aktivera notiser?';
const ENABLED = 'Notiser är aktiverade.';

type PushOnboardingDialogProps = {
  open: boolean;
  /** 'Inte nu', Escape or a click outside. */
  onDismiss: () => void;
  /** The question is answered (granted, or the browser said no). */
  onDone: () => void;
};

export function PushOnboardingDialog({ open, onDismiss, onDone }: PushOnboardingDialogProps) {
  const enable = useEnablePush();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !enable.isPending && onDismiss()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <BellRing className="size-5 text-primary" aria-hidden="true" />
            {ONBOARDING_TITLE}
          </DialogTitle>
          <DialogDescription>
            Få en påminnelse före matcherna du följer och besked när ditt protokoll har jämförts med
            det officiella resultatet. Du kan ändra det när som helst under Mina sidor.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="grid-cols-2">
          <Button variant="outline" disabled={enable.isPending} onClick={onDismiss}>
            Inte nu
          </Button>
          <Button
            disabled={enable.isPending}
            onClick={() =>
              !enable.isPending &&
              enable.mutate(undefined, {
                onSuccess: () => {
                  toast.success(ENABLED);
                  onDone();
                },
                onError: (error) => {
                  const { title, description } = pushFailureToast(error, PUSH_TEXTS.enableFailed);
                  toast.error(title, { description });
                  // Blocked or refused: the browser has answered; asking again here is no use.
                  if (error instanceof PushSetupError) onDone();
                },
              })
            }
          >
            {enable.isPending ? <Spinner /> : null}
            Aktivera
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
