import type { SaveProtocolResponse } from '@speedway/contracts';
import { CloudOff, FileCheck2, Save } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tooltip } from '@/components/ui/tooltip';
import { useAuth } from '@/lib/auth';
import { useKeepClearOfToasts } from '@/lib/toast-room';
import { cn } from '@/lib/utils';
import { getSavedMatchesQueryOptions } from '../api/get-saved-matches';
import { useSaveProtocol } from '../api/save-protocol';
import { failureDetail } from '../lib/failure';
import { teamShort } from '@/lib/team-names';
import { DISCREPANCY_LABELS } from '../lib/labels';

/**
 * docs/spec/2-matches-protocols-admin.md §8: the differences toast stays 12 s, long enough to read
 * the numbers and act.
 */
export const DISCREPANCY_TOAST_MS = 12_000;

export type SaveProtocolButtonProps = {
  matchId: string;
  /** Whether the protocol is complete (the engine's canSaveProtocol). */
  canSave: boolean;
  /** Why it cannot be saved yet; shown as the button's tooltip and, on phones, beneath it. */
  disabledReason?: string;
  /** Already saved (read-only): the way to the saved match is offered beside the button. */
  saved?: boolean;
  /** The protocol's tag (the engine's protocolTag) as shown: what the save is made on. */
  protocolTag: string;
  /** Saved on the device, not yet on the server (ADR 010 §8). */
  pending?: boolean;
};

export const SAVE_PENDING = 'Sparas när nätet är tillbaka';
export const PROTOCOL_SAVED_ON_DEVICE =
  'Protokollet sparat på enheten – skickas när nätet är tillbaka.';

/** The saved match of a saved protocol, for the link from its (read-only) protocol page. */
function SavedMatchLink({ matchId }: { matchId: string }) {
  const list = useQuery(getSavedMatchesQueryOptions());
  const savedMatch = list.data?.find((item) => item.match_id === matchId);
  return (
    <Button asChild variant="outline" size="lg" className="mt-2 w-full">
      <Link to={savedMatch ? `/my-matches/saved/${savedMatch.id}` : '/my-matches/saved-protocols'}>
        <FileCheck2 aria-hidden="true" />
        Visa sparad match
      </Link>
    </Button>
  );
}

function DiscrepancySummary({ saved }: { saved: SaveProtocolResponse }) {
  const details = saved.match_details;
  const shorts = {
    home_score: teamShort(details.home_team, details.home_team_short, 'home'),
    away_score: teamShort(details.away_team, details.away_team_short, 'away'),
  };
  const heats = saved.heat_discrepancies.map((heat) => heat.heat_number);
  return (
    <div className="grid gap-1">
      {saved.discrepancies.length > 0 ? (
        <ul className="grid gap-0.5">
          {saved.discrepancies.map((item) => (
            <li key={item.type}>
              {DISCREPANCY_LABELS[item.type]} ({shorts[item.type]}): ditt {item.user_value} ·
              officiellt {item.official_value}
            </li>
          ))}
        </ul>
      ) : null}
      {saved.discrepancies.length === 0 && heats.length > 0 ? (
        <p>Slutresultatet stämmer med det officiella.</p>
      ) : null}
      {heats.length > 0 ? <p>Heat som skiljer sig: {heats.join(', ')}</p> : null}
    </div>
  );
}

/**
 * 'Spara protokoll' for the protocol page: sticky at the bottom, full width. Saving confirms the
 * protocol; when it differs from the official result a longer toast says how, with a way to the
 * saved match. A second press while the first is on its way is ignored.
 */
export function SaveProtocolButton({
  matchId,
  canSave,
  disabledReason,
  saved = false,
  protocolTag,
  pending = false,
}: SaveProtocolButtonProps) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const reasonId = useId();
  // The disabled state lags one render behind a fast double click; this does not.
  const submitting = useRef(false);
  const bar = useRef<HTMLDivElement>(null);
  useKeepClearOfToasts(bar, !saved);
  const save = useSaveProtocol({
    onPending: () => toast.info(PROTOCOL_SAVED_ON_DEVICE),
    onSaved: (saved) => {
      toast.success('Protokoll sparat');
      if (saved.discrepancies.length > 0 || saved.heat_discrepancies.length > 0) {
        toast.warning('Skillnader mot officiella resultat', {
          description: <DiscrepancySummary saved={saved} />,
          duration: DISCREPANCY_TOAST_MS,
          action: {
            label: 'Visa detaljer',
            onClick: () => void navigate(`/my-matches/saved/${saved.user_match_id}`),
          },
        });
      }
    },
    onError: (error) =>
      toast.error('Kunde inte spara protokollet', { description: failureDetail(error) }),
    onSettled: () => {
      submitting.current = false;
    },
  });
  const reason = !canSave && !pending ? disabledReason?.trim() || undefined : undefined;

  const onSave = () => {
    if (!canSave || submitting.current) return;
    if (!user) {
      toast.error('Kunde inte spara protokollet');
      return;
    }
    submitting.current = true;
    save.mutate({ userId: user.id, matchId, tag: protocolTag });
  };

  const button = (
    <Button
      size="lg"
      className="w-full"
      disabled={!canSave || save.isPending || pending}
      aria-describedby={reason ? reasonId : undefined}
      onClick={onSave}
    >
      {save.isPending ? (
        <Spinner label="Sparar…" />
      ) : pending ? (
        <CloudOff aria-hidden="true" />
      ) : (
        <Save aria-hidden="true" />
      )}
      {pending ? SAVE_PENDING : 'Spara protokoll'}
    </Button>
  );

  return (
    <div
      ref={bar}
      className={cn(
        // Sticky as docs/spec/2-matches-protocols-admin.md §2 has it, on every screen and before
        // the 15th heat too: above the phone's bottom bar (4 rem), at the foot of the window on
        // desktop. A heat is entered in its dialog, above it; the toasts keep clear of it
        // (useKeepClearOfToasts). A saved protocol has nothing to save, so there it never covers
        // the heats.
        saved ? 'static' : 'sticky',
        'bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-30 md:bottom-4',
      )}
    >
      <div
        className="rounded-xl border bg-card/95 p-2 shadow-lg backdrop-blur"
        data-tutorial="save-protocol"
      >
        {reason ? (
          <Tooltip content={reason}>
            {/* A disabled button gets no hover or focus; the wrapper takes them for it. */}
            <span
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- so a keyboard user reaches the tooltip telling why saving is not possible yet.
              tabIndex={0}
              className="block rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {button}
            </span>
          </Tooltip>
        ) : (
          button
        )}
        {reason ? (
          <p
            id={reasonId}
            className="px-1 pt-1.5 text-center text-[12px] text-muted-foreground md:sr-only"
          >
            {reason}
          </p>
        ) : null}
        {saved && !pending ? <SavedMatchLink matchId={matchId} /> : null}
      </div>
    </div>
  );
}
