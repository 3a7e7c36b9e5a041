import { Moon } from 'lucide-react';
import { useId } from 'react';
import { Switch } from '@/components/ui/switch';
import { useTheme } from '@/lib/theme';

/** A quick light/dark switch; the full choice including System is under Utseende. */
export function ThemeToggle() {
  const { resolved, preference, setPreference } = useTheme();
  const id = useId();
  return (
    <div className="flex min-h-11 items-center justify-between gap-4">
      <label htmlFor={id} className="flex items-center gap-3 text-sm font-medium">
        <Moon className="size-5 text-muted-foreground" aria-hidden="true" />
        <span>
          Mörkt tema
          {preference === 'system' ? (
            <span className="block text-[13px] font-normal text-muted-foreground">
              Följer systemet
            </span>
          ) : null}
        </span>
      </label>
      <Switch
        id={id}
        checked={resolved === 'dark'}
        onCheckedChange={(checked) => setPreference(checked ? 'dark' : 'light')}
      />
    </div>
  );
}
