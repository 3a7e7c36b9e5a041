import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { failedToLoad, KeptDataNote, LoadFailed } from '@/components/kept-data';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { IDENTITY_LIST_LIMIT, useRiderIdentities } from '../api/get-rider-identities';
import { IdentitySearch, SEARCH_DELAY_MS } from './identity-search';
import { RiderIdentityCard } from './rider-identity-card';

function IdentitiesSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Laddar förarna" className="grid gap-3">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-36 rounded-xl" />
      ))}
    </div>
  );
}

function countText(count: number, q: string): string {
  const riders = count === 1 ? '1 förare' : `${count} förare`;
  const found = q ? `${riders} matchar ”${q}”` : riders;
  // The server answers the first 50 by name: a full list may have more behind it.
  return count >= IDENTITY_LIST_LIMIT ? `${found}. De första ${count} visas: sök för fler.` : found;
}

/**
 * /admin/riders: the riders' identities by name (GET /api/admin/riders?q=), each with its entries,
 * to merge two that are one person or split an entry a merge took wrongly. The search settles in
 * the address (?q=), so that the way back from a rider's page finds it again.
 */
export function RiderIdentitiesView() {
  const searchId = useId();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('q') ?? '';
  const [text, setText] = useState(asked);
  const q = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  useEffect(() => {
    if (q === asked) return;
    setSearch(q ? { q } : {}, { replace: true, preventScrollReset: true });
  }, [q, asked, setSearch]);
  const identities = useRiderIdentities(q);
  const list = identities.data;
  // The last answer stays while the next search is on its way (get-rider-identities.ts).
  const searching = identities.isPlaceholderData && identities.isFetching;

  let content: React.ReactNode;
  if (list === undefined) {
    content = failedToLoad(identities) ? (
      <LoadFailed query={identities}>Kunde inte hämta förarna.</LoadFailed>
    ) : (
      <IdentitiesSkeleton />
    );
  } else if (list.length === 0) {
    content = (
      <EmptyState>
        {q
          ? 'Inga förare matchar sökningen.'
          : 'Inga förare ännu. De kommer med de officiella laguppställningarna.'}
      </EmptyState>
    );
  } else {
    content = (
      <ul
        aria-label="Förare"
        aria-busy={searching || undefined}
        className="grid gap-3 transition-opacity aria-busy:opacity-60"
      >
        {list.map((identity) => (
          <li key={identity.id}>
            <RiderIdentityCard identity={identity} others={list} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-4">
      <IdentitySearch id={searchId} label="Sök förare" value={text} onChange={setText} />
      <KeptDataNote query={identities} />
      <p role="status" className="min-h-5 text-[13px] text-muted-foreground">
        {searching ? 'Söker…' : list ? countText(list.length, q) : null}
      </p>
      {content}
    </div>
  );
}
