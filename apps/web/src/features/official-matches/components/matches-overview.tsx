import { Search } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { failedToLoad, KeptDataNote, LoadFailed } from '@/components/kept-data';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useNow } from '@/lib/use-now';
import { OFFICIAL_MATCHES_FRESH, useOfficialMatches } from '../api/get-official-matches';
import { searchMatches } from '../lib/match-search';
import { matchesOverview, PICKER_LIMIT } from '../lib/schedule';
import { FeaturedMatchCard } from './featured-match-card';
import { PickerRow } from './picker-row';

/**
 * /matches: the next match day's matches, then a searchable list of the rest
 * (docs/spec/2-matches-protocols-admin.md §2).
 */
export function MatchesOverview() {
  const now = useNow();
  const matches = useOfficialMatches(OFFICIAL_MATCHES_FRESH.overview);
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';

  if (matches.data === undefined) {
    if (failedToLoad(matches)) {
      return <LoadFailed query={matches}>Kunde inte hämta officiella matcher.</LoadFailed>;
    }
    return (
      <div className="grid gap-3 md:grid-cols-2">
        <Skeleton className="h-44 rounded-xl" />
        <Skeleton className="h-44 rounded-xl" />
      </div>
    );
  }

  const { featured, featuredIsToday, others } = matchesOverview(matches.data, now);
  if (featured.length === 0 && others.length === 0) {
    return (
      <div className="grid gap-3">
        <KeptDataNote query={matches} />
        <EmptyState>Inga matcher att visa just nu. Försök igen senare.</EmptyState>
      </div>
    );
  }
  const found = searchMatches(others, query).slice(0, PICKER_LIMIT);
  const setQuery = (value: string) =>
    setParams(value ? { q: value } : {}, { replace: true, preventScrollReset: true });

  return (
    <div className="grid gap-8">
      <KeptDataNote query={matches} />
      {featured.length > 0 ? (
        <section
          aria-labelledby="featured-heading"
          className="grid gap-3"
          data-tutorial="featured-matches"
        >
          <h2 id="featured-heading" className="text-lg font-bold">
            Nästa matcher
          </h2>
          <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
            {featured.map((match) => (
              <li key={match.id}>
                <FeaturedMatchCard match={match} badge={featuredIsToday ? 'Idag' : 'Kommande'} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="picker-heading" className="grid gap-3" data-tutorial="match-picker">
        <h2 id="picker-heading" className="text-lg font-bold">
          Hitta en annan match
        </h2>
        <div className="grid gap-2">
          <Label htmlFor="match-search">Sök på lag eller datum</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="match-search"
              type="search"
              className="pl-9"
              placeholder="T.ex. Vargarna eller 28 nov"
              autoComplete="off"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
        </div>
        <h3 className="mt-2 text-sm font-semibold text-muted-foreground">Kommande matcher</h3>
        {found.length > 0 ? (
          <ul className="divide-y overflow-hidden rounded-xl border bg-card">
            {found.map((match) => (
              <li key={match.id}>
                <PickerRow match={match} />
              </li>
            ))}
          </ul>
        ) : query.trim() ? (
          <EmptyState>Inga matcher hittades</EmptyState>
        ) : (
          <EmptyState>Fler matcher visas här när schemat uppdateras.</EmptyState>
        )}
      </section>
    </div>
  );
}
