import { Radio } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

// The dialog (queries, QR image, mutations) loads on first use: the protocol page carries only
// this button.
const loadDialog = () => import('./live-share-dialog');
const LiveShareDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.LiveShareDialog })),
);

export type LiveShareButtonProps = { matchId: string } & Pick<
  ButtonProps,
  'variant' | 'size' | 'className'
>;

/** 'Dela live' (ADR 012): opens the share dialog of the protocol. */
export function LiveShareButton({ matchId, variant = 'outline', ...props }: LiveShareButtonProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant={variant}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        {...props}
      >
        <Radio aria-hidden="true" />
        Dela live
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <LiveShareDialog matchId={matchId} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
