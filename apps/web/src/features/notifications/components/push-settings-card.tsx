import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { parseMinutesBefore, type SettingsFormValues } from '../lib/settings-form';
import { SwitchRow } from './switch-row';

type Push = SettingsFormValues['push'];

type PushSettingsCardProps = {
  value: Push;
  onChange: (value: Push) => void;
  minutesError?: string;
  /** The typed minutes were not a whole number of at least 1 and became 60. */
  minutesCorrected: boolean;
  onMinutesCorrected: (corrected: boolean) => void;
  /** The minutes field was left, with what it then holds (corrected to 60 where needed). */
  onMinutesBlur: (value: Push) => void;
};

export const MINUTES_HINT = 'Ett heltal, minst 1.';
export const MINUTES_CORRECTED = 'Ange ett heltal som är minst 1. Vi använder 60 minuter.';

export function PushSettingsCard({
  value,
  onChange,
  minutesError,
  minutesCorrected,
  onMinutesCorrected,
  onMinutesBlur,
}: PushSettingsCardProps) {
  const reminder = value.match_reminder;
  const setReminder = (next: Partial<Push['match_reminder']>) =>
    onChange({ ...value, match_reminder: { ...reminder, ...next } });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Push</CardTitle>
        <CardDescription>
          Notiser till telefoner och datorer där du har aktiverat push (längre ned på sidan).
        </CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        <SwitchRow
          label="Matchpåminnelse"
          description="Före start av matcher du följer eller har ett protokoll för."
          checked={reminder.enabled}
          onCheckedChange={(enabled) => setReminder({ enabled })}
        >
          <Field
            label="Minuter före matchstart"
            error={minutesError}
            hint={MINUTES_HINT}
            notice={minutesCorrected ? MINUTES_CORRECTED : null}
            className="max-w-60"
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              name="minutesBefore"
              disabled={!reminder.enabled}
              value={reminder.minutesBefore}
              onChange={(event) => {
                onMinutesCorrected(false);
                setReminder({ minutesBefore: event.target.value });
              }}
              onBlur={() => {
                const { minutes, corrected } = parseMinutesBefore(reminder.minutesBefore);
                onMinutesCorrected(corrected);
                const next = {
                  ...value,
                  match_reminder: { ...reminder, minutesBefore: String(minutes) },
                };
                onChange(next);
                onMinutesBlur(next);
              }}
            />
          </Field>
        </SwitchRow>
        <SwitchRow
          label="Resultatvalidering"
          description="När ditt sparade protokoll har jämförts med det officiella resultatet: validerat eller med avvikelse."
          checked={value.result_validation.enabled}
          onCheckedChange={(enabled) => onChange({ ...value, result_validation: { enabled } })}
        />
      </CardContent>
    </Card>
  );
}
