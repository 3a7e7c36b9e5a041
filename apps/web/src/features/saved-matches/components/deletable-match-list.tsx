import type { MessageResponse } from '@speedway/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { teamShort } from '@/lib/team-names';
import { useNow } from '@/lib/use-now';
import { failureDetail } from '../lib/failure';
import { dateBadge } from '../lib/labels';
import { pageOf } from '../lib/pagination';
import { usePageParam } from '../lib/use-page-param';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ListPagination } from './list-pagination';
import { MatchRow, type MatchRowProps } from './match-row';

type ListedMatch = {
  id: string;
  home_team: string;
  away_team: string;
  home_team_short: string | null;
  away_team_short: string | null;
  date: string | null;
};

type DeletableMatchListProps<T extends ListedMatch> = {
  matches: readonly T[];
  /** What a row shows of its match; the title, date badge and bin are the same in every list. */
  row: (match: T) => Pick<MatchRowProps, 'to' | 'meta' | 'badges' | 'score'>;
  /** The accessible name of the page buttons. */
  pagesLabel: string;
  /** The delete call, by id: Skapade and Sparade delete through different endpoints. */
  remove: Pick<UseMutationResult<MessageResponse, Error, string>, 'mutate' | 'isPending'>;
  confirmTitle: string;
  confirmDescription: string;
  /** The toast once the deletion went through. */
  deletedMessage: string;
};

/**
 * A page of protocols (the page in the address), each row with a bin that asks before deleting.
 * Skapade and Sparade differ only in what a row shows and what deleting says.
 */
export function DeletableMatchList<T extends ListedMatch>({
  matches,
  row,
  pagesLabel,
  remove,
  confirmTitle,
  confirmDescription,
  deletedMessage,
}: DeletableMatchListProps<T>) {
  const now = useNow();
  const [page, setPage] = usePageParam();
  const [deleting, setDeleting] = useState<T | null>(null);

  const shown = pageOf(matches, page);
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(deletedMessage);
        setDeleting(null);
      },
      onError: (error) =>
        toast.error('Kunde inte ta bort matchen', { description: failureDetail(error) }),
    });
  };

  return (
    <div>
      <ul className="divide-y overflow-hidden rounded-xl border bg-card">
        {shown.items.map((match) => {
          const title = `${match.home_team} – ${match.away_team}`;
          const shorts = `${teamShort(match.home_team, match.home_team_short, 'home')} – ${teamShort(match.away_team, match.away_team_short, 'away')}`;
          return (
            <MatchRow
              key={match.id}
              {...row(match)}
              title={title}
              shortTitle={shorts}
              dateBadge={dateBadge(match.date, now)}
              onDelete={() => setDeleting(match)}
              deleteLabel={`Ta bort ${title}`}
            />
          );
        })}
      </ul>
      <ListPagination
        page={shown.page}
        pageCount={shown.pageCount}
        onPage={setPage}
        label={pagesLabel}
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={confirmTitle}
        description={confirmDescription}
        subject={deleting ? `${deleting.home_team} – ${deleting.away_team}` : undefined}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
