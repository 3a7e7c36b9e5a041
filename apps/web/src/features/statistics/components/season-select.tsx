import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Label } from '@/components/ui/label';
import { NativeSelect } from './native-select';

/**
 * 'Säsong': the seasons the reply lists (newest first), kept in the address as ?season= so that a
 * link or the back button shows the same season. Nothing to choose from without any.
 */
export function SeasonSelect({
  seasons,
  season,
  className,
}: {
  seasons: readonly number[];
  season: number | null;
  className?: string;
}) {
  const id = useId();
  const [, setSearch] = useSearchParams();
  if (seasons.length === 0 || season === null) return null;
  const choices = seasons.includes(season) ? seasons : [season, ...seasons];
  return (
    <div className={className}>
      <Label htmlFor={id} className="mb-2 block">
        Säsong
      </Label>
      <NativeSelect
        id={id}
        value={String(season)}
        onChange={(event) =>
          setSearch(
            (search) => {
              const next = new URLSearchParams(search);
              next.set('season', event.target.value);
              return next;
            },
            { preventScrollReset: true },
          )
        }
      >
        {choices.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
