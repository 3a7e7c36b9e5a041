import type { NotificationSettings } from '@speedway/contracts';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';
import {
  fromFormValues,
  toFormValues,
  type SettingsFieldErrors,
  type SettingsFormValues,
} from '../lib/settings-form';
import { EmailSettingsCard } from './email-settings-card';
import { PushSettingsCard } from './push-settings-card';
import { QuietHoursCard } from './quiet-hours-card';

const LOAD_FAILED = 'Kunde inte hämta notisinställningarna.';
const SAVE_FAILED = 'Kunde inte spara';
const SAVED = 'Notisinställningarna är sparade.';

/** E-mail, push and quiet hours (docs/spec/1-app-shell-auth-account.md §2), saved together. */
export function NotificationSettingsForm() {
  const settings = useNotificationSettings();
  if (settings.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
          {errorMessage(settings.error, LOAD_FAILED)}
          <Button
            variant="outline"
            size="sm"
            disabled={settings.isFetching}
            onClick={() => void settings.refetch()}
          >
            {settings.isFetching ? <Spinner /> : <RotateCw aria-hidden="true" />}
            Försök igen
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (!settings.data) {
    return (
      <div className="grid gap-5" aria-busy="true">
        <Skeleton className="h-56 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
      </div>
    );
  }
  return <SettingsForm settings={settings.data} />;
}

function withoutError(
  errors: SettingsFieldErrors,
  field: keyof SettingsFieldErrors,
): SettingsFieldErrors {
  if (!(field in errors)) return errors;
  const { [field]: _gone, ...rest } = errors;
  return rest;
}

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const update = useUpdateNotificationSettings();
  const [values, setValues] = useState<SettingsFormValues>(() => toFormValues(settings));
  const [errors, setErrors] = useState<SettingsFieldErrors>({});
  const [minutesCorrected, setMinutesCorrected] = useState(false);
  const [saved, setSaved] = useState(settings);
  const checked = fromFormValues(values);
  const unchanged =
    checked.settings !== undefined && JSON.stringify(checked.settings) === JSON.stringify(saved);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const result = fromFormValues(values);
    setErrors(result.errors ?? {});
    if (!result.settings) return;
    update.mutate(result.settings, {
      onSuccess: (stored) => {
        setSaved(stored);
        setValues(toFormValues(stored));
        toast.success(SAVED);
      },
      onError: (error) =>
        toast.error(SAVE_FAILED, {
          description: errorMessage(error, 'Något gick fel. Försök igen.'),
        }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <EmailSettingsCard
        value={values.email}
        onChange={(email) => setValues((current) => ({ ...current, email }))}
      />
      <PushSettingsCard
        value={values.push}
        onChange={(push) => {
          // An error is about what was there: it goes when the field changes.
          if (push.match_reminder.minutesBefore !== values.push.match_reminder.minutesBefore) {
            setErrors((current) => withoutError(current, 'minutesBefore'));
          }
          setValues((current) => ({ ...current, push }));
        }}
        minutesError={errors.minutesBefore}
        minutesCorrected={minutesCorrected}
        onMinutesCorrected={setMinutesCorrected}
        // Checked on leaving the field, not only on saving.
        onMinutesBlur={(push) => {
          const message = fromFormValues({ ...values, push }).errors?.minutesBefore;
          setErrors((current) =>
            message
              ? { ...current, minutesBefore: message }
              : withoutError(current, 'minutesBefore'),
          );
        }}
      />
      <QuietHoursCard
        value={values.quietHours}
        onChange={(quietHours) => {
          if (quietHours.start !== values.quietHours.start) {
            setErrors((current) => withoutError(current, 'quietHoursStart'));
          }
          if (quietHours.end !== values.quietHours.end) {
            setErrors((current) => withoutError(current, 'quietHoursEnd'));
          }
          setValues((current) => ({ ...current, quietHours }));
        }}
        errors={{ start: errors.quietHoursStart, end: errors.quietHoursEnd }}
      />
      <div className="flex justify-end">
        <Button type="submit" className="w-full sm:w-auto" disabled={update.isPending || unchanged}>
          {update.isPending ? <Spinner /> : null}
          Spara inställningar
        </Button>
      </div>
    </form>
  );
}
