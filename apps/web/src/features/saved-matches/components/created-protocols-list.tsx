import type { MatchSummary } from '@speedway/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { useDeleteProtocol } from '../api/delete-protocol';
import { useMyProtocols } from '../api/get-my-protocols';
import { failureDetail } from '../lib/failure';
import { dateBadge } from '../lib/labels';
import { pageOf } from '../lib/pagination';
import { usePageParam } from '../lib/use-page-param';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ListPagination } from './list-pagination';
import { MatchRow, MatchRowsSkeleton } from './match-row';

/**
 * Spec §2: Skapade holds only the protocols this user created that are not yet confirmed; a saved
 * protocol is confirmed and lives under Sparade instead.
 */
export function createdProtocols(matches: readonly MatchSummary[], userId: string) {
  return matches
    .filter((match) => match.created_by === userId && match.status !== 'confirmed')
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
}

/** The Skapade tab: the user's unsaved protocols, five a page, each opening /match/{id}. */
export function CreatedProtocolsList() {
  const { user } = useAuth();
  const query = useMyProtocols();
  const remove = useDeleteProtocol();
  const now = useNow();
  const [page, setPage] = usePageParam();
  const [deleting, setDeleting] = useState<MatchSummary | null>(null);

  if (query.isPending) return <MatchRowsSkeleton />;
  if (query.isError) return <EmptyState error>Kunde inte ladda skapade matcher</EmptyState>;

  const rows = createdProtocols(query.data, user?.id ?? '');
  if (rows.length === 0) {
    return (
      <div className="grid justify-items-center gap-3">
        <EmptyState className="w-full">Du har inga egna matcher.</EmptyState>
        <Button asChild>
          <Link to="/matches">
            <Plus aria-hidden="true" />
            Starta match
          </Link>
        </Button>
      </div>
    );
  }

  const shown = pageOf(rows, page);
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success('Match borttagen');
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
              to={`/match/${match.id}`}
              title={title}
              meta={[
                formatDate(match.date),
                match.venue,
                `${match.completed_heats}/${match.total_heats} heat`,
              ]
                .filter(Boolean)
                .join(' · ')}
              dateBadge={dateBadge(match.date, now)}
              score={
                <span className="font-bold tabular-nums">
                  {match.home_score}–{match.away_score}
                </span>
              }
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
        label="Sidor, skapade protokoll"
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Ta bort protokollet?"
        description="Protokollet och alla registrerade heat tas bort. Det går inte att ångra."
        subject={deleting ? `${deleting.home_team} – ${deleting.away_team}` : undefined}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
