import { Link } from 'react-router';
import { riderPath, teamPath } from '@/lib/stats-paths';
import { cn } from '@/lib/utils';

// Underlined faintly at rest, so a name that leads somewhere looks it without a colour of its own
// (the lists it sits in have their own colours: the home side's, a winner's bold).
const LINK_CLASS =
  'rounded-sm underline decoration-current/30 underline-offset-[3px] outline-none hover:decoration-current focus-visible:decoration-current focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * A rider's name that leads to the rider's page (/forare/{id}); plain text for a rider the
 * statistics cannot know (riderPath). The name stays the element's text: a list cuts it the same.
 */
export function RiderName({
  riderId,
  name,
  className,
}: {
  riderId: string | null | undefined;
  name: string;
  className?: string;
}) {
  const to = riderPath(riderId);
  if (!to) return <span className={className}>{name}</span>;
  return (
    <Link to={to} className={cn(LINK_CLASS, className)}>
      {name}
    </Link>
  );
}

/** A team's name that leads to the team's season page (/lag/{id}). */
export function TeamName({
  teamId,
  name,
  className,
}: {
  teamId: string;
  name: string;
  className?: string;
}) {
  return (
    <Link to={teamPath(teamId)} className={cn(LINK_CLASS, className)}>
      {name}
    </Link>
  );
}
