import { useParams } from 'react-router';
import { AdBannerSlot } from '@/features/ads/components/ad-banner-slot';
import { LiveShareButton } from '@/features/live-share';
import { ProtocolPage } from '@/features/protocol/components/protocol-page';
import { ProtocolActions, printSourceOfMatch } from '@/features/protocol-export';
import { SaveProtocolButton } from '@/features/saved-matches';

export function MatchRoute() {
  const { id = '' } = useParams();
  return (
    <ProtocolPage
      key={id}
      matchId={id}
      saveAction={(props) => <SaveProtocolButton {...props} />}
      adSlot={({ placement, match }) => (
        <AdBannerSlot
          placement={placement}
          homeTeamId={match.home_team_id}
          awayTeamId={match.away_team_id}
        />
      )}
      exportActions={(match) => (
        <ProtocolActions protocolId={match.id} printSource={() => printSourceOfMatch(match)}>
          <LiveShareButton matchId={match.id} size="sm" />
        </ProtocolActions>
      )}
    />
  );
}
