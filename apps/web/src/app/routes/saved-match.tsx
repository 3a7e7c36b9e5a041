import { useParams } from 'react-router';
import { LiveShareButton } from '@/features/live';
import { useRefereeOf } from '@/features/official-matches/api/get-official-match';
import { ProtocolActions, printSourceOfSaved } from '@/features/scoresheet';
import { SavedMatchDetail } from '@/features/saved-matches/components/saved-match-detail';

export function SavedMatchRoute() {
  const { userMatchId = '' } = useParams();
  const refereeOf = useRefereeOf();
  return (
    <SavedMatchDetail
      key={userMatchId}
      id={userMatchId}
      exportActions={(saved) => (
        <ProtocolActions
          protocolId={saved.match_id}
          printSource={async () =>
            printSourceOfSaved(saved, await refereeOf(saved.official_match_id))
          }
        >
          <LiveShareButton matchId={saved.match_id} size="sm" />
        </ProtocolActions>
      )}
    />
  );
}
