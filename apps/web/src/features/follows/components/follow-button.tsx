import type { OfficialMatchSummary } from '@speedway/contracts';
import { Bell, BellRing } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useToggleFollow } from '../api/toggle-follow';

type FollowButtonProps = {
  match: OfficialMatchSummary;
  variant?: ButtonProps['variant'];
  className?: string;
};

/**
 * 'Följ match' as a toggle button (pressed while followed; the label stays, as toggle buttons'
 * should). The flag comes from the cached match, which the mutation updates optimistically.
 */
export function FollowButton({ match, variant = 'outline', className }: FollowButtonProps) {
  const toggle = useToggleFollow();
  const followed = match.followed;
  return (
    <Button
      type="button"
      variant={followed ? 'secondary' : variant}
      className={className}
      aria-pressed={followed}
      onClick={() => toggle.mutate({ match, follow: !followed })}
    >
      {followed ? <BellRing aria-hidden="true" /> : <Bell aria-hidden="true" />}
      Följ match
    </Button>
  );
}
