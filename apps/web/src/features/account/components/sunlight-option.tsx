import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { useSunlight } from '@/lib/sunlight';

/** Utseende: sunlight mode, a high-contrast switch beside the theme. */
export function SunlightOption() {
  const { on, setOn } = useSunlight();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="sunlight-heading">Solljusläge</CardTitle>
        <CardDescription id="sunlight-help">
          Starkare kontrast och tydligare kanter, för att läsa skärmen utomhus i starkt solljus.
          Gäller både ljust och mörkt tema.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex min-h-11 items-center justify-between gap-4">
          <label htmlFor="sunlight-switch" className="text-sm font-semibold">
            Solljusläge
          </label>
          <Switch
            id="sunlight-switch"
            checked={on}
            onCheckedChange={setOn}
            aria-describedby="sunlight-help"
          />
        </div>
      </CardContent>
    </Card>
  );
}
