import { TeamNameMappingInputSchema, type TeamNameMapping } from '@speedway/contracts';
import { Plus, RotateCw, Save } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { validate, type FieldErrors } from '@/lib/form';
import { useTeamNames } from '../api/get-team-names';
import { useSaveTeamName } from '../api/save-team-name';

/** One of the app's teams, as the select offers it (the route passes the teams in). */
export type TeamOption = { slug: string; name: string };

const selectClass =
  'h-11 w-full min-w-0 rounded-lg border border-input bg-card px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm';

function byName(teams: TeamOption[]): TeamOption[] {
  return [...teams].sort((a, b) => a.name.localeCompare(b.name, 'sv-SE'));
}

type TeamNameMappingCardProps = {
  /** The app's teams; undefined while they load. */
  teams: TeamOption[] | undefined;
  teamsError?: boolean;
};

/** Which team the matches of each Svemo TA team name go to, and a way to change or add one. */
export function TeamNameMappingCard({ teams, teamsError = false }: TeamNameMappingCardProps) {
  const names = useTeamNames();
  const options = teams ? byName(teams) : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Lagnamn i Svemo TA</CardTitle>
        <CardDescription>
          En körning importerar matcherna för ett namn till laget det är kopplat till. Ändra
          kopplingen när Svemo TA skriver ett lag på ett annat sätt än appen.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {teamsError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            Kunde inte hämta appens lag. Kopplingarna går inte att ändra just nu.
          </p>
        ) : null}
        {names.isError ? (
          <div className="grid justify-items-center gap-3">
            <EmptyState error className="w-full">
              {errorMessage(names.error, 'Kunde inte hämta lagnamnen.')}
            </EmptyState>
            <Button variant="outline" onClick={() => names.refetch()} disabled={names.isFetching}>
              <RotateCw aria-hidden="true" />
              Försök igen
            </Button>
          </div>
        ) : !names.data ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : names.data.mappings.length === 0 ? (
          <EmptyState>Inga lagnamn ännu. De visas här efter den första körningen.</EmptyState>
        ) : (
          <ul className="grid gap-3" aria-label="Kopplade lagnamn">
            {names.data.mappings.map((mapping) => (
              <li key={mapping.source_name}>
                <MappingRow mapping={mapping} teams={options} />
              </li>
            ))}
          </ul>
        )}
        <NewMappingForm teams={options} />
      </CardContent>
    </Card>
  );
}

function TeamOptions({ teams, current }: { teams: TeamOption[]; current?: TeamOption }) {
  // A mapped team that the list lacks is still shown as chosen, not silently replaced.
  const list = current && !teams.some((t) => t.slug === current.slug) ? [current, ...teams] : teams;
  return list.map((team) => (
    <option key={team.slug} value={team.slug}>
      {team.name}
    </option>
  ));
}

function MappingRow({
  mapping,
  teams,
}: {
  mapping: TeamNameMapping;
  teams: TeamOption[] | undefined;
}) {
  const save = useSaveTeamName();
  const id = useId();
  const savedSlug = mapping.team.slug;
  const [slug, setSlug] = useState(savedSlug);
  const [shownSlug, setShownSlug] = useState(savedSlug);
  // A save (here or elsewhere) moves the choice to the team now mapped.
  if (shownSlug !== savedSlug) {
    setShownSlug(savedSlug);
    setSlug(savedSlug);
  }
  const changed = slug !== savedSlug;

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!changed || save.isPending) return;
    save.mutate(
      { source_name: mapping.source_name, team_slug: slug },
      {
        onSuccess: (saved) => toast.success(`${saved.source_name} går nu till ${saved.team.name}.`),
        onError: (error) => toast.error(errorMessage(error, 'Kunde inte spara kopplingen.')),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={`${id}-name`}
      className="grid gap-3 rounded-xl border p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,18rem)_auto] md:items-end"
    >
      <div className="grid min-w-0 gap-1">
        <h3 id={`${id}-name`} className="font-semibold break-words">
          {mapping.source_name}
        </h3>
        <p className="text-[13px] break-words text-muted-foreground">
          Förkortning: {mapping.abbreviation ?? '–'} · Kopplat till {mapping.team.name}
        </p>
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={`${id}-team`}>
          Lag <span className="sr-only">för {mapping.source_name}</span>
        </Label>
        <select
          id={`${id}-team`}
          name="team_slug"
          value={slug}
          disabled={!teams || save.isPending}
          onChange={(event) => setSlug(event.target.value)}
          className={selectClass}
        >
          <TeamOptions teams={teams ?? []} current={mapping.team} />
        </select>
      </div>
      <Button
        type="submit"
        variant={changed ? 'default' : 'outline'}
        disabled={!changed || save.isPending}
      >
        {save.isPending ? <Spinner label="Sparar…" /> : <Save aria-hidden="true" />}
        Spara <span className="sr-only">{mapping.source_name}</span>
      </Button>
    </form>
  );
}

type NewMappingValues = { source_name: string; team_slug: string };

function NewMappingForm({ teams }: { teams: TeamOption[] | undefined }) {
  const save = useSaveTeamName();
  const id = useId();
  const [values, setValues] = useState<NewMappingValues>({ source_name: '', team_slug: '' });
  const [errors, setErrors] = useState<FieldErrors<NewMappingValues>>({});

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const result = validate(TeamNameMappingInputSchema, values);
    setErrors(result.errors ?? {});
    if (!result.data) return;
    save.mutate(result.data, {
      onSuccess: (saved) => {
        setValues({ source_name: '', team_slug: '' });
        toast.success(`${saved.source_name} går nu till ${saved.team.name}.`);
      },
      onError: (error) => toast.error(errorMessage(error, 'Kunde inte spara kopplingen.')),
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-xl border border-dashed p-4"
    >
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="font-semibold">
          Koppla ett nytt namn
        </h3>
        <p className="text-[13px] text-muted-foreground">
          För ett lag som en körning avvisade som okänt: skriv namnet exakt som i Svemo TA.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="Namn i Svemo TA" error={errors.source_name}>
          <Input
            name="source_name"
            autoComplete="off"
            maxLength={80}
            value={values.source_name}
            onChange={(event) =>
              setValues((current) => ({ ...current, source_name: event.target.value }))
            }
          />
        </Field>
        <Field label="Lag" error={errors.team_slug}>
          <select
            name="team_slug"
            value={values.team_slug}
            disabled={!teams}
            onChange={(event) =>
              setValues((current) => ({ ...current, team_slug: event.target.value }))
            }
            className={selectClass}
          >
            <option value="">Välj lag</option>
            <TeamOptions teams={teams ?? []} />
          </select>
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? <Spinner label="Sparar…" /> : <Plus aria-hidden="true" />}
          Koppla namnet
        </Button>
      </div>
    </form>
  );
}
