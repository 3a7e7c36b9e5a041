import { useId } from 'react';
import { Switch } from '@/components/ui/switch';

type SwitchRowProps = {
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children?: React.ReactNode;
};

/** One setting that is on or off, with what it means underneath and room for its details. */
export function SwitchRow({
  label,
  description,
  checked,
  onCheckedChange,
  children,
}: SwitchRowProps) {
  const id = useId();
  return (
    <div className="grid gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <label htmlFor={id} className="text-sm leading-snug font-semibold">
            {label}
          </label>
          <p id={`${id}-description`} className="text-[13px] text-muted-foreground">
            {description}
          </p>
        </div>
        <Switch
          id={id}
          className="mt-0.5"
          checked={checked}
          aria-describedby={`${id}-description`}
          onCheckedChange={onCheckedChange}
        />
      </div>
      {children}
    </div>
  );
}
