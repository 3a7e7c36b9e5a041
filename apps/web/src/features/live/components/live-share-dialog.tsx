import { Copy, Link2Off, Radio } from 'lucide-react';
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
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useCreateLiveLink } from '../api/create-live-link';
import { useLiveLink } from '../api/get-live-link';
import { useRevokeLiveLink } from '../api/revoke-live-link';

export type LiveShareDialogProps = {
  matchId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : 'Något gick fel. Försök igen.';
}

/**
 * 'Dela live': a read-only link to the protocol that anyone can follow without an account,
 * updated as heats are saved. Copy the link, show its QR code, or stop sharing ('Sluta dela').
 */
export function LiveShareDialog({ matchId, open, onOpenChange }: LiveShareDialogProps) {
  const state = useLiveLink(matchId);
  const create = useCreateLiveLink(matchId);
  const revoke = useRevokeLiveLink(matchId);
  const link = state.data?.link ?? null;
  const pending = create.isPending || revoke.isPending;

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Länken är kopierad');
    } catch {
      toast.error('Länken kunde inte kopieras. Markera den och kopiera själv.');
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Dela live</DialogTitle>
          <DialogDescription>
            Alla med länken kan följa heaten, ställningen och förarnas poäng medan du för
            protokollet, utan att logga in. Ditt namn visas inte.
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="grid gap-4">
          {state.isPending ? (
            <div className="flex justify-center py-6" aria-label="Laddar">
              <Spinner />
            </div>
          ) : state.isError ? (
            <p role="alert" className="text-destructive">
              {messageOf(state.error)}
            </p>
          ) : link ? (
            <>
              <div className="grid gap-2">
                <label htmlFor="live-share-url" className="text-sm font-semibold">
                  Länk
                </label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input
                    id="live-share-url"
                    readOnly
                    value={link.url}
                    onFocus={(event) => event.currentTarget.select()}
                  />
                  <Button variant="outline" onClick={() => void copy(link.url)}>
                    <Copy aria-hidden="true" />
                    Kopiera länk
                  </Button>
                </div>
              </div>
              <figure className="grid justify-items-center gap-2">
                <img
                  src={link.qr_code}
                  alt="QR-kod för länken"
                  width={200}
                  height={200}
                  className="size-50 rounded-lg bg-white p-2"
                />
                <figcaption className="text-sm text-muted-foreground">
                  Skanna med mobilkameran för att öppna länken.
                </figcaption>
              </figure>
            </>
          ) : (
            <p className="text-muted-foreground">Protokollet delas inte just nu.</p>
          )}
          {create.isError || revoke.isError ? (
            <p role="alert" className="text-destructive">
              {messageOf(create.error ?? revoke.error)}
            </p>
          ) : null}
        </DialogBody>
        <DialogFooter className="sm:grid-cols-2">
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            Stäng
          </Button>
          {link ? (
            <Button variant="destructive" disabled={pending} onClick={() => revoke.mutate()}>
              {revoke.isPending ? <Spinner /> : <Link2Off aria-hidden="true" />}
              Sluta dela
            </Button>
          ) : (
            <Button disabled={pending || !state.isSuccess} onClick={() => create.mutate()}>
              {create.isPending ? <Spinner /> : <Radio aria-hidden="true" />}
              Skapa länk
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
