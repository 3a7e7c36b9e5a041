import type { SavedMatchSummary } from '@speedway/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { formatDate } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { useDeleteSavedMatch } from '../api/delete-saved-match';
import { useSavedMatches } from '../api/get-saved-matches';
import { failureDetail } from '../lib/failure';
import { dateBadge } from '../lib/labels';
import { pageOf } from '../lib/pagination';
import { usePageParam } from '../lib/use-page-param';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ListPagination } from './list-pagination';
import { MatchRow, MatchRowsSkeleton } from './match-row';
import { SavedStatusBadge } from './saved-status-badge';

function SavedScore({ match }: { match: SavedMatchSummary }) {
  const official = match.official_results;
  return (
    <span className="grid justify-items-end">
      <span className="font-bold tabular-nums">
        <span className="sr-only">Ditt protokoll </span>
        {match.home_score}–{match.away_score}
      </span>
      {official ? (
        <span className="text-[12px] text-muted-foreground tabular-nums">
          Off. {official.home_score}–{official.away_score}
          <span className="sr-only"> (officiellt resultat)</span>
        </span>
      ) : null}
    </span>
  );
}

/** The Sparade tab: the saved protocols (newest first), each opening /my-matches/saved/{id}. */
export function SavedProtocolsList() {
  const query = useSavedMatches();
  const remove = useDeleteSavedMatch();
  const now = useNow();
  const [page, setPage] = usePageParam();
  const [deleting, setDeleting] = useState<SavedMatchSummary | null>(null);

  if (query.isPending) return <MatchRowsSkeleton />;
  if (query.isError) return <EmptyState error>Kunde inte ladda dina matcher.</EmptyState>;
  if (query.data.length === 0) {
    return (
      <EmptyState>
        Du har inga sparade protokoll. Ett protokoll sparas med Spara protokoll när alla heat är
        registrerade.
      </EmptyState>
    );
  }

  const shown = pageOf(query.data, page);
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Protokoll borttaget');
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
          return (
            <MatchRow
              key={match.id}
              to={`/my-matches/saved/${match.id}`}
              title={title}
              meta={[formatDate(match.date), match.venue].filter(Boolean).join(' · ')}
              dateBadge={dateBadge(match.date, now)}
              badges={<SavedStatusBadge status={match.status} />}
              score={<SavedScore match={match} />}
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
        label="Sidor, sparade protokoll"
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Ta bort det sparade protokollet?"
        description="Det sparade protokollet och matchprotokollet bakom det tas bort. Det går inte att ångra."
        subject={deleting ? `${deleting.home_team} – ${deleting.away_team}` : undefined}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
