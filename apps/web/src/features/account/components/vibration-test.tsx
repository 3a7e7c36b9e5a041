import { Vibrate } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PREFERS_REDUCED_MOTION, useMediaQuery } from '@/lib/use-media-query';

/** Patterns in milliseconds: vibrate, pause, vibrate … */
export const VIBRATION_PATTERNS = [
  { label: 'Kort', pattern: [40] },
  { label: 'Dubbel', pattern: [60, 80, 60] },
  { label: 'Lång', pattern: [400] },
  { label: 'Heatvinst', pattern: [90, 60, 90, 60, 260] },
] as const;

function canVibrate(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function';
}

export function VibrationTest() {
  const reducedMotion = useMediaQuery(PREFERS_REDUCED_MOTION);
  const supported = canVibrate();
  const disabled = !supported || reducedMotion;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Vibration</CardTitle>
        <CardDescription>Testa hur telefonen vibrerar vid händelser i appen.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {VIBRATION_PATTERNS.map(({ label, pattern }) => (
            <Button
              key={label}
              variant="outline"
              disabled={disabled}
              onClick={() => navigator.vibrate([...pattern])}
            >
              <Vibrate aria-hidden="true" />
              {label}
            </Button>
          ))}
        </div>
        {!supported ? (
          <p className="text-[13px] text-muted-foreground">
            Den här enheten eller webbläsaren stöder inte vibration.
          </p>
        ) : reducedMotion ? (
          <p className="text-[13px] text-muted-foreground">
            Vibration är avstängd eftersom enheten är inställd på reducerad rörelse.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
