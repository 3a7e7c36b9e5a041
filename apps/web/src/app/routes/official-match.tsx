import { useParams } from 'react-router';
import { FollowButton } from '@/features/follows/components/follow-button';
import { OfficialMatchDetail } from '@/features/official-matches/components/official-match-detail';
import { BlankSheetActions } from '@/features/scoresheet';

export function OfficialMatchRoute() {
  const { officialId = '' } = useParams();
  return (
    <OfficialMatchDetail
      key={officialId}
      officialId={officialId}
      actions={(match) => (
        <>
          <FollowButton match={match} />
          <BlankSheetActions match={match} />
        </>
      )}
    />
  );
}
