import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { THEME_PREFERENCES, type ThemePreference } from '@/lib/storage';
import { THEME_LABELS, useTheme } from '@/lib/theme';
import { cn } from '@/lib/utils';

const ICONS: Record<ThemePreference, LucideIcon> = { light: Sun, dark: Moon, system: Monitor };

export function ThemeOptions() {
  const { preference, setPreference } = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="theme-heading">Tema</CardTitle>
        <CardDescription>System följer inställningen på din enhet.</CardDescription>
      </CardHeader>
      <CardContent>
        <div role="radiogroup" aria-labelledby="theme-heading" className="grid grid-cols-3 gap-3">
          {THEME_PREFERENCES.map((option) => {
            const Icon = ICONS[option];
            const selected = preference === option;
            return (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={selected}
                onClick={() => setPreference(option)}
                className={cn(
                  'flex min-h-20 flex-col items-center justify-center gap-2 rounded-xl border-2 bg-card p-3 text-sm font-semibold transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  selected
                    ? 'border-primary bg-accent text-accent-foreground'
                    : 'border-border hover:bg-muted',
                )}
              >
                <Icon className="size-6" aria-hidden="true" />
                {THEME_LABELS[option]}
              </button>
            );
          })}
        </div>
      </CardContent>
    </Card>
  );
}
