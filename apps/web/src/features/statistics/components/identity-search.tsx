import { Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** How long the typing must pause before the server is asked: not once for every letter. */
export const SEARCH_DELAY_MS = 300;

/** The server's longest search (RiderIdentityQuerySchema); longer text could never be sent. */
const MAX_SEARCH = 80;

/** A search for rider identities by name, on the screen and in the merge dialog. */
export function IdentitySearch({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          className="pl-9"
          placeholder="Namn, t.ex. Madsen"
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_SEARCH}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}
