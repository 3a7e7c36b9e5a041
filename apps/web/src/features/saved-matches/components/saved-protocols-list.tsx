import type { SavedMatchSummary } from '@speedway/contracts';
import { EmptyState } from '@/components/empty-state';
import { failedToLoad, KeptDataNote, LoadFailed } from '@/components/kept-data';
import { formatDate } from '@/lib/format';
import { useDeleteSavedMatch } from '../api/delete-saved-match';
import { useSavedMatches } from '../api/get-saved-matches';
import { differingHeatsText, TOTALS_AGREE } from '../lib/labels';
import { DeletableMatchList } from './deletable-match-list';
import { MatchRowsSkeleton } from './match-row';
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

/** Disputed with the official totals: the difference is in the heats, not the final score. */
/** Where the final score agrees but heats do not: 'Slutresultatet stämmer, heat 3 skiljer sig'. */
function totalsAgree(match: SavedMatchSummary): boolean {
  return match.status === 'validated' && match.differing_heats.length > 0;
}

/** The Sparade tab: the saved protocols (newest first), each opening /my-matches/saved/{id}. */
export function SavedProtocolsList() {
  const query = useSavedMatches();
  const remove = useDeleteSavedMatch();

  if (query.data === undefined) {
    if (!failedToLoad(query)) return <MatchRowsSkeleton />;
    return <LoadFailed query={query}>Kunde inte ladda dina matcher.</LoadFailed>;
  }
  if (query.data.length === 0) {
    return (
      <div className="grid gap-3">
        <KeptDataNote query={query} />
        <EmptyState>
          Du har inga sparade protokoll. Ett protokoll sparas med Spara protokoll när alla heat är
          registrerade.
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="grid gap-3">
      <KeptDataNote query={query} />
      <DeletableMatchList
        matches={query.data}
        row={(match) => ({
          to: `/my-matches/saved/${match.id}`,
          meta: [formatDate(match.date), match.venue].filter(Boolean).join(' · '),
          badges: (
            <>
              <SavedStatusBadge status={match.status} />
              {totalsAgree(match) ? (
                <span className="text-[12px] text-muted-foreground">
                  {TOTALS_AGREE}, {differingHeatsText(match.differing_heats)}
                </span>
              ) : null}
            </>
          ),
          score: <SavedScore match={match} />,
        })}
        pagesLabel="Sidor, sparade protokoll"
        remove={remove}
        confirmTitle="Ta bort det sparade protokollet?"
        confirmDescription="Det sparade protokollet och matchprotokollet bakom det tas bort. Det går inte att ångra."
        deletedMessage="Protokoll borttaget"
      />
    </div>
  );
}
