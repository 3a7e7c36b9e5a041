import type { MatchSummary } from '@speedway/contracts';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { failedToLoad, KeptDataNote, LoadFailed } from '@/components/kept-data';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { useDeleteProtocol } from '../api/delete-protocol';
import { useMyProtocols } from '../api/get-my-protocols';
import { DeletableMatchList } from './deletable-match-list';
import { MatchRowsSkeleton } from './match-row';

/**
 * docs/spec/2-matches-protocols-admin.md §2: Skapade holds only the protocols this user created
 * that are not yet confirmed; a saved protocol is confirmed and lives under Sparade instead.
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

  if (query.data === undefined) {
    if (!failedToLoad(query)) return <MatchRowsSkeleton />;
    return <LoadFailed query={query}>Kunde inte ladda skapade matcher</LoadFailed>;
  }

  const rows = createdProtocols(query.data, user?.id ?? '');
  if (rows.length === 0) {
    return (
      <div className="grid justify-items-center gap-3">
        <KeptDataNote query={query} />
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

  return (
    <div className="grid gap-3">
      <KeptDataNote query={query} />
      <DeletableMatchList
        matches={rows}
        row={(match) => ({
          to: `/match/${match.id}`,
          meta: [
            formatDate(match.date),
            match.venue,
            `${match.completed_heats}/${match.total_heats} heat`,
          ]
            .filter(Boolean)
            .join(' · '),
          score: (
            <span className="font-bold tabular-nums">
              {match.home_score}–{match.away_score}
            </span>
          ),
        })}
        pagesLabel="Sidor, skapade protokoll"
        remove={remove}
        confirmTitle="Ta bort protokollet?"
        confirmDescription="Protokollet och alla registrerade heat tas bort. Det går inte att ångra."
        deletedMessage="Match borttagen"
      />
    </div>
  );
}
