import type { NotificationSettings } from '@speedway/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SwitchRow } from './switch-row';

type Email = NotificationSettings['email'];

const ROWS: { key: keyof Email; label: string; description: string }[] = [
  {
    key: 'match_created',
    label: 'Nya matcher',
    description: 'När nya officiella matcher publiceras för lag och matcher du följer.',
  },
  {
    key: 'protocol_saved',
    label: 'Sparade protokoll',
    description: 'En bekräftelse med länk när du har sparat ett protokoll.',
  },
  {
    key: 'conflict_detected',
    label: 'Avvikelser',
    description: 'När det officiella resultatet skiljer sig från ditt sparade protokoll.',
  },
];

export function EmailSettingsCard({
  value,
  onChange,
}: {
  value: Email;
  onChange: (value: Email) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>E-post</CardTitle>
        <CardDescription>
          Välj vad vi mejlar dig om. Varje mejl har också en länk som stänger av just den sortens
          mejl.
        </CardDescription>
      </CardHeader>
      <CardContent className="divide-y">
        {ROWS.map((row) => (
          <SwitchRow
            key={row.key}
            label={row.label}
            description={row.description}
            checked={value[row.key]}
            onCheckedChange={(checked) => onChange({ ...value, [row.key]: checked })}
          />
        ))}
      </CardContent>
    </Card>
  );
}
