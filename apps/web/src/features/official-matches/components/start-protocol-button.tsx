import type { OfficialMatchDetail } from '@speedway/contracts';
import { ClipboardPen, FileCheck2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
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
import { serverMessageOr } from '@/lib/api-client';
import { useStartProtocol } from '../api/start-protocol';

export const START_FAILED = 'Kunde inte starta matchen';
export const OPEN_FAILED = 'Protokollet skapades men kunde inte öppnas automatiskt.';
export const SAVED_PROTOCOL_EXISTS = 'Du har redan sparat ett protokoll av matchen';
export const RESUMES_PROTOCOL = 'Du har ett påbörjat protokoll av matchen. Det öppnas igen.';
/** ADR 019: started without a network; the heat dialog's words for the same wait. */
export const STARTED_ON_DEVICE = 'Protokollet startat på enheten – skickas när nätet är tillbaka.';

/**
 * 'Starta protokoll': creates the user's protocol and goes to it. An unfinished one is reopened
 * (the server returns it instead of a second one). When the user has already saved a protocol of
 * the match, a second one is started only by choosing so: the button first offers the saved one.
 */
export function StartProtocolButton({
  match,
  disabled = false,
}: {
  match: OfficialMatchDetail;
  disabled?: boolean;
}) {
  const start = useStartProtocol();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const savedId = match.user_match_id;

  const create = () => {
    if (start.isPending) return;
    start.mutate(match, {
      onSuccess: ({ id, onDevice }) => {
        setAsking(false);
        if (!id) return void toast.error(OPEN_FAILED);
        if (onDevice) toast.info(STARTED_ON_DEVICE);
        navigate(`/match/${encodeURIComponent(id)}`);
      },
      onError: (error) =>
        toast.error(START_FAILED, { description: serverMessageOr(error, '') || undefined }),
    });
  };

  return (
    <>
      <Button
        ref={button}
        size="lg"
        onClick={savedId ? () => setAsking(true) : create}
        disabled={disabled || start.isPending}
      >
        {start.isPending && !asking ? <Spinner /> : <ClipboardPen aria-hidden="true" />}
        Starta protokoll
      </Button>
      {savedId ? (
        <Dialog
          open={asking}
          onOpenChange={(open) => (start.isPending ? undefined : setAsking(open))}
        >
          <DialogContent
            // Opened without a Radix trigger: focus is handed back to the button by hand.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              button.current?.focus();
            }}
          >
            <DialogHeader>
              <DialogTitle>{SAVED_PROTOCOL_EXISTS}</DialogTitle>
              <DialogDescription>
                Öppna det sparade protokollet för att se det och jämförelsen med det officiella
                resultatet. Ett nytt protokoll av samma match sparas för sig.
              </DialogDescription>
            </DialogHeader>
            {/* One above the other: side by side the two labels do not fit the dialog. */}
            <DialogFooter>
              <Button asChild size="lg">
                <Link to={`/my-matches/saved/${encodeURIComponent(savedId)}`}>
                  <FileCheck2 aria-hidden="true" />
                  Öppna sparat protokoll
                </Link>
              </Button>
              <Button variant="outline" size="lg" disabled={start.isPending} onClick={create}>
                {start.isPending ? <Spinner /> : <ClipboardPen aria-hidden="true" />}
                Starta nytt protokoll
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}
