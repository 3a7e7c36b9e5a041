import type { NotificationSettings } from '@speedway/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { utcTimeToLocal } from '../lib/settings-form';
import { TimeSelect } from './time-select';

type QuietHours = NotificationSettings['quietHours'];

type QuietHoursCardProps = {
  value: QuietHours;
  onChange: (value: QuietHours) => void;
  errors: { start?: string; end?: string };
};

/** docs/spec/1-app-shell-auth-account.md §3/§5: quiet hours in UTC, HH:MM on a 15-minute step. */
export function QuietHoursCard({ value, onChange, errors }: QuietHoursCardProps) {
  const local = `${utcTimeToLocal(value.start)}–${utcTimeToLocal(value.end)}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Tysta timmar</CardTitle>
        <CardDescription>
          Push-notiser som kommer under de här timmarna skickas när perioden är slut. E-post
          påverkas inte. Tiderna anges i UTC.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid grid-cols-2 gap-4 sm:max-w-md">
          <Field label="Från (UTC)" error={errors.start}>
            <TimeSelect
              name="quietHoursStart"
              value={value.start}
              onValueChange={(start) => onChange({ ...value, start })}
            />
          </Field>
          <Field label="Till (UTC)" error={errors.end}>
            <TimeSelect
              name="quietHoursEnd"
              value={value.end}
              onValueChange={(end) => onChange({ ...value, end })}
            />
          </Field>
        </div>
        <p className="text-[13px] text-muted-foreground" aria-live="polite">
          {value.start === value.end
            ? 'Samma tid för start och slut betyder inga tysta timmar.'
            : `Motsvarar ${local} i din tid i dag.`}
        </p>
      </CardContent>
    </Card>
  );
}
