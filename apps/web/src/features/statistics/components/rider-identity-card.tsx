import type { RiderIdentity } from '@speedway/contracts';
import { Merge, Split } from 'lucide-react';
import { useId, useState } from 'react';
import { RiderName } from '@/components/stats-links';
import { Button } from '@/components/ui/button';
import {
  entryCountLabel,
  entryLabel,
  heatsLabel,
  seasonLabel,
  totalHeats,
  type RiderEntry,
} from '../lib/identities';
import { MergeRidersDialog } from './merge-riders-dialog';
import { SplitEntryDialog } from './split-entry-dialog';

// 44 px to tap on a phone, a dense row on a desktop.
const ACTION_CLASS = 'h-11 md:h-9';

/**
 * One identity: its name (to the rider's page), its entries as the line-ups print them, and the
 * super_admin's two changes. An entry is split out only from an identity with more than one.
 */
export function RiderIdentityCard({
  identity,
  others,
}: {
  identity: RiderIdentity;
  /** The identities the screen lists, offered first when merging. */
  others: RiderIdentity[];
}) {
  const id = useId();
  const [merging, setMerging] = useState(false);
  const [splitting, setSplitting] = useState<RiderEntry | null>(null);
  const canSplit = identity.entries.length > 1;

  return (
    <article
      aria-labelledby={`${id}-name`}
      className="grid gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="grid min-w-0 gap-0.5">
          <h2 id={`${id}-name`} className="text-base font-semibold break-words">
            <RiderName riderId={identity.id} name={identity.name} />
          </h2>
          <p className="text-[13px] text-muted-foreground">
            {entryCountLabel(identity.entries.length)} · {heatsLabel(totalHeats(identity))}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          className={ACTION_CLASS}
          onClick={() => setMerging(true)}
        >
          <Merge aria-hidden="true" />
          <span className="sr-only">{identity.name}:</span> Slå ihop med…
        </Button>
      </div>
      <ul aria-label={`Poster för ${identity.name}`} className="divide-y rounded-lg border">
        {identity.entries.map((entry) => (
          <li
            key={`${entry.entry_id}:${entry.season ?? 'none'}`}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2"
          >
            <div className="grid min-w-0 gap-0.5">
              <span className="font-medium break-words">{entry.name}</span>
              <span className="text-[13px] break-words text-muted-foreground">
                {entry.team.name} · {seasonLabel(entry.season)} · {heatsLabel(entry.heats)}
              </span>
            </div>
            {canSplit ? (
              <Button
                variant="ghost"
                size="sm"
                className={ACTION_CLASS}
                onClick={() => setSplitting(entry)}
              >
                <Split aria-hidden="true" />
                Dela ut{' '}
                <span className="sr-only">
                  {entry.name}, {entryLabel(entry)}
                </span>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <MergeRidersDialog
        open={merging}
        onOpenChange={setMerging}
        identity={identity}
        others={others}
      />
      <SplitEntryDialog identity={identity} entry={splitting} onClose={() => setSplitting(null)} />
    </article>
  );
}
