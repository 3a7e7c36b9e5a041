import { Bell, CheckCircle2, ClipboardList, Save, Scale } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/stat-card';
import type { DashboardFigures } from '../lib/figures';

type Loading = { protocols: boolean; saved: boolean; followed: boolean };

/** undefined while loading, null when it could not be loaded (the card shows '–'). */
function valueOf<T>(loading: boolean, value: T | null, pick: (v: T) => React.ReactNode) {
  if (loading) return undefined;
  return value === null ? null : pick(value);
}

/** Saved protocols against the official results: validated, disputed and still awaiting one. */
function Comparison({ saved }: { saved: NonNullable<DashboardFigures['saved']> }) {
  const parts = [
    { key: 'validated', label: 'Validerade', value: saved.validated, color: 'bg-success' },
    { key: 'disputed', label: 'Avvikelse', value: saved.disputed, color: 'bg-primary' },
    {
      key: 'awaiting',
      label: 'Väntar på resultat',
      value: saved.awaiting,
      color: 'bg-muted-foreground/40',
    },
  ];
  if (saved.total === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Inga sparade protokoll ännu. Spara ett färdigt protokoll för att jämföra det med det
        officiella resultatet.
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <div className="flex h-3 overflow-hidden rounded-full bg-muted" aria-hidden="true">
        {parts.map((part) =>
          part.value > 0 ? (
            <span
              key={part.key}
              className={part.color}
              style={{ width: `${(part.value / saved.total) * 100}%` }}
            />
          ) : null,
        )}
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        {parts.map((part) => (
          <div key={part.key} className="grid gap-0.5">
            <dt className="flex items-center gap-1.5 text-[13px] text-muted-foreground">
              <span className={`size-2.5 shrink-0 rounded-full ${part.color}`} aria-hidden="true" />
              {part.label}
            </dt>
            <dd className="text-lg font-bold tabular-nums">{part.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The user's own figures: protocols kept and saved, how they compare, matches followed. */
export function DashboardFiguresView({
  figures,
  loading,
}: {
  figures: DashboardFigures;
  loading: Loading;
}) {
  const { protocols, saved, followed } = figures;
  return (
    <section aria-labelledby="figures-heading" className="grid gap-3">
      <h2 id="figures-heading" className="text-lg font-bold">
        Dina siffror
      </h2>
      <div className="grid grid-cols-2 gap-2 md:grid-cols-4 md:gap-4">
        <StatCard
          label="Protokoll"
          icon={ClipboardList}
          value={valueOf(loading.protocols, protocols, (p) => p.total)}
          hint={protocols ? `${protocols.inProgress} pågående` : undefined}
        />
        <StatCard
          label="Sparade"
          icon={Save}
          value={valueOf(loading.saved, saved, (s) => s.total)}
          hint={saved ? `${saved.awaiting} väntar på resultat` : undefined}
        />
        <StatCard
          label="Validerade"
          icon={CheckCircle2}
          value={valueOf(loading.saved, saved, (s) => s.validated)}
          hint={saved ? `${saved.disputed} med avvikelse` : undefined}
        />
        <StatCard
          label="Bevakade matcher"
          icon={Bell}
          value={valueOf(loading.followed, followed, (n) => n)}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Scale className="size-4 text-primary" aria-hidden="true" />
            Jämfört med officiella resultat
          </CardTitle>
          <CardDescription>Dina sparade protokoll: validerade mot avvikelser.</CardDescription>
        </CardHeader>
        <CardContent>
          {loading.saved ? (
            <Skeleton className="h-16 w-full" />
          ) : saved ? (
            <Comparison saved={saved} />
          ) : (
            <p role="alert" className="text-sm text-destructive">
              Kunde inte ladda dina matcher.
            </p>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
