import { useParams } from 'react-router';
import { LiveShareButton } from '@/features/live-share';
import { ProtocolActions, printSourceOfSaved } from '@/features/protocol-export';
import { SavedMatchDetail } from '@/features/saved-matches/components/saved-match-detail';

export function SavedMatchRoute() {
  const { userMatchId = '' } = useParams();
  return (
    <SavedMatchDetail
      key={userMatchId}
      id={userMatchId}
      exportActions={(saved) => (
        <ProtocolActions protocolId={saved.match_id} printSource={() => printSourceOfSaved(saved)}>
          <LiveShareButton matchId={saved.match_id} size="sm" />
        </ProtocolActions>
      )}
    />
  );
}
