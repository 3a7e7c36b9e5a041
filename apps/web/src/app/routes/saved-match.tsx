import { useParams } from 'react-router';
import { SavedMatchDetail } from '@/features/saved-matches/components/saved-match-detail';

export function SavedMatchRoute() {
  const { userMatchId = '' } = useParams();
  return <SavedMatchDetail key={userMatchId} id={userMatchId} />;
}
