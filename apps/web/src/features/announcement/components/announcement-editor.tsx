import {
  ANNOUNCEMENT_LEVELS,
  ANNOUNCEMENT_MESSAGE_MAX,
  type Announcement,
  type AnnouncementLevel,
} from '@speedway/contracts';
import { Megaphone, Power, RotateCw, Save } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { serverMessageOr } from '@/lib/api-client';
import type { FieldErrors } from '@/lib/form';
import { formatDateTime } from '@/lib/format';
import { useKeepClearOfToasts } from '@/lib/toast-room';
import { useMediaQuery } from '@/lib/use-media-query';
import { useCloseAnnouncement } from '../api/close-announcement';
import { useAnnouncementForEditing } from '../api/get-announcement';
import { useSaveAnnouncement } from '../api/save-announcement';
import {
  announcementBody,
  valuesOf,
  type AnnouncementValues,
} from '../lib/announcement-form-values';
import { AnnouncementBanner } from './announcement-banner';

/** The server's own explanation (an expiry already passed …), when it gave one. */
const reasonOf = (error: unknown) => serverMessageOr(error, '') || undefined;

const LEVEL_LABELS: Record<AnnouncementLevel, string> = {
  info: 'Info',
  success: 'Lyckat',
  warning: 'Varning',
  error: 'Fel',
};

/** Where the overview puts the form in its own column, away from the toasts. */
const WIDE_COLUMNS = '(min-width: 768px)';

/**
 * The super_admin's editor of the global announcement (docs/spec/2-matches-protocols-admin.md
 * §2 overview, §4, §5, §8).
 */
export function AnnouncementEditor() {
  const query = useAnnouncementForEditing();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Megaphone className="size-5 text-primary" aria-hidden="true" />
          Globalt meddelande
        </CardTitle>
        <CardDescription>
          Visas överst på startsidan för alla inloggade användare medan det är aktivt.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isError ? (
          <div className="grid justify-items-center gap-3">
            <EmptyState error className="w-full">
              Kunde inte hämta meddelandet
            </EmptyState>
            <Button variant="outline" onClick={() => query.refetch()} disabled={query.isFetching}>
              <RotateCw aria-hidden="true" />
              Försök igen
            </Button>
          </div>
        ) : query.data ? (
          <AnnouncementForm key={query.data.id} saved={query.data} />
        ) : (
          <div className="grid gap-4" aria-busy="true">
            <Skeleton className="h-24" />
            <Skeleton className="h-11" />
            <Skeleton className="h-11" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function AnnouncementForm({ saved }: { saved: Announcement }) {
  const save = useSaveAnnouncement();
  const close = useCloseAnnouncement();
  const [values, setValues] = useState(() => valuesOf(saved));
  const [errors, setErrors] = useState<FieldErrors<AnnouncementValues & { expiresAt: string }>>({});
  const expiresInput = useRef<HTMLInputElement>(null);
  const actions = useRef<HTMLDivElement>(null);
  // One column below 768 px (admin/overview.tsx): the buttons stick to the foot of the window and
  // the toasts (bottom right, docs/spec/2-matches-protocols-admin.md §9) are lifted above them,
  // clear of the next tap.
  useKeepClearOfToasts(actions, !useMediaQuery(WIDE_COLUMNS));
  const id = useId();
  const busy = save.isPending || close.isPending;
  const set = <K extends keyof AnnouncementValues>(field: K, value: AnnouncementValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const result = announcementBody(values, {
      badInput: expiresInput.current?.validity.badInput ?? false,
    });
    setErrors(result.errors ?? {});
    if (!result.data) return;
    save.mutate(result.data, {
      onSuccess: (announcement) => {
        setValues(valuesOf(announcement));
        toast.success('Meddelandet uppdaterades.');
      },
      onError: (error) =>
        toast.error('Kunde inte spara meddelandet', { description: reasonOf(error) }),
    });
  };

  const onClose = () =>
    close.mutate(undefined, {
      onSuccess: (announcement) => {
        setValues(valuesOf(announcement));
        setErrors({});
        toast.success('Meddelandet avaktiverades.');
      },
      onError: (error) =>
        toast.error('Kunde inte avaktivera meddelandet', { description: reasonOf(error) }),
    });

  // The server reports an expired announcement as inactive.
  const live = saved.active && saved.message.trim() !== '';
  const preview = values.message.trim();

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <p className="flex flex-wrap items-center gap-2 text-[13px] text-muted-foreground">
        <Badge variant={live ? 'success' : 'secondary'}>
          {live ? 'Publicerat' : 'Inte aktivt'}
        </Badge>
        {saved.version > 0 ? <span>Senast sparat {formatDateTime(saved.updatedAt)}</span> : null}
      </p>
      <Field
        label="Meddelande"
        error={errors.message}
        hint={`${values.message.length}/${ANNOUNCEMENT_MESSAGE_MAX} tecken`}
      >
        <textarea
          name="message"
          rows={3}
          maxLength={ANNOUNCEMENT_MESSAGE_MAX}
          value={values.message}
          onChange={(event) => set('message', event.target.value)}
          className="min-h-24 w-full rounded-lg border border-input bg-card px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 aria-invalid:border-destructive md:text-sm"
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Nivå">
          <select
            name="level"
            value={values.level}
            onChange={(event) => set('level', event.target.value as AnnouncementLevel)}
            className="h-11 w-full rounded-lg border border-input bg-card px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30 md:text-sm"
          >
            {ANNOUNCEMENT_LEVELS.map((level) => (
              <option key={level} value={level}>
                {LEVEL_LABELS[level]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Utgår" hint="Tomt: visas tills det stängs." error={errors.expiresAt}>
          <Input
            ref={expiresInput}
            name="expires"
            type="datetime-local"
            value={values.expires}
            onChange={(event) => set('expires', event.target.value)}
          />
        </Field>
      </div>
      <div className="grid gap-3 rounded-xl border p-3">
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={`${id}-active`} className="leading-snug">
            Aktivt
          </Label>
          <Switch
            id={`${id}-active`}
            checked={values.active}
            onCheckedChange={(active) => set('active', active)}
          />
        </div>
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={`${id}-dismissible`} className="leading-snug">
            Användaren kan stänga meddelandet
          </Label>
          <Switch
            id={`${id}-dismissible`}
            checked={values.dismissible}
            onCheckedChange={(dismissible) => set('dismissible', dismissible)}
          />
        </div>
      </div>
      {preview ? (
        <div className="grid gap-1.5">
          <p className="text-[13px] text-muted-foreground">Förhandsvisning</p>
          <AnnouncementBanner
            announcement={{ message: preview, level: values.level, dismissible: false }}
          />
        </div>
      ) : null}
      <div
        ref={actions}
        className="sticky bottom-0 z-10 -mx-2 flex flex-col-reverse gap-2 rounded-xl bg-card/95 p-2 backdrop-blur sm:flex-row sm:justify-end md:static md:mx-0 md:bg-transparent md:p-0 md:backdrop-blur-none"
      >
        <Button type="button" variant="outline" disabled={!values.active || busy} onClick={onClose}>
          {close.isPending ? <Spinner /> : <Power aria-hidden="true" />}
          Stäng meddelande
        </Button>
        <Button type="submit" disabled={busy}>
          {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
          Spara meddelande
        </Button>
      </div>
    </form>
  );
}
