import type { SavedMatchStatus } from '@speedway/contracts';
import { CircleAlert, CircleCheck, CircleDot } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { savedStatusLabel } from '../lib/labels';

/** Validerad (green), Avvikelse (warning) or Komplett (no official result to compare with yet). */
export function SavedStatusBadge({
  status,
  className,
}: {
  status: SavedMatchStatus | null | undefined;
  className?: string;
}) {
  const label = savedStatusLabel(status);
  if (status === 'validated') {
    return (
      <Badge variant="success" className={className}>
        <CircleCheck aria-hidden="true" />
        {label}
      </Badge>
    );
  }
  if (status === 'disputed') {
    return (
      <Badge variant="warning" className={className}>
        <CircleAlert aria-hidden="true" />
        {label}
      </Badge>
    );
  }
  return (
    <Badge variant="secondary" className={className}>
      <CircleDot aria-hidden="true" />
      {label}
    </Badge>
  );
}
