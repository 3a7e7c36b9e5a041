import { useParams } from 'react-router';
import { TeamView } from '@/features/statistics/components/team-view';

export function TeamRoute() {
  const { teamId = '' } = useParams();
  return <TeamView key={teamId} teamId={teamId} />;
}
