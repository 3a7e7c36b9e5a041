import type { OfficialMatchSummary } from '@speedway/contracts';
import { Bell, BellRing } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useToggleFollow } from '../api/toggle-follow';

type FollowButtonProps = {
  match: OfficialMatchSummary;
  variant?: ButtonProps['variant'];
  className?: string;
};

export const FOLLOW_LABEL = 'Följ match';
export const FOLLOWING_LABEL = 'Följer';
export const UNFOLLOW_HINT = 'Sluta följa matchen';

/**
 * 'Följ match', and once followed 'Följer' (the state, in the button itself); pressing it again
 * stops following. Screen readers hear what pressing does, after the visible word. The flag comes
 * from the cached match, which the mutation updates optimistically.
 */
export function FollowButton({ match, variant = 'outline', className }: FollowButtonProps) {
  const toggle = useToggleFollow();
  const followed = match.followed;
  return (
    <Button
      type="button"
      variant={followed ? 'secondary' : variant}
      className={className}
      title={followed ? UNFOLLOW_HINT : undefined}
      onClick={() => toggle.mutate({ match, follow: !followed })}
    >
      {followed ? <BellRing aria-hidden="true" /> : <Bell aria-hidden="true" />}
      {followed ? (
        <>
          {`${FOLLOWING_LABEL} `}
          <span className="sr-only">– {UNFOLLOW_HINT.toLowerCase()}</span>
        </>
      ) : (
        FOLLOW_LABEL
      )}
    </Button>
  );
}
