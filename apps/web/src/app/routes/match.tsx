import { useParams } from 'react-router';
import { AdBannerSlot } from '@/features/ads/components/ad-banner-slot';
import { LiveShareButton } from '@/features/live';
import { useRefereeOf } from '@/features/official-matches/api/get-official-match';
import { ProtocolPage } from '@/features/protocol/components/protocol-page';
import { ProtocolActions, printSourceOfMatch } from '@/features/scoresheet';
import { SaveProtocolButton } from '@/features/saved-matches';

export function MatchRoute() {
  const { id = '' } = useParams();
  const refereeOf = useRefereeOf();
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
        <ProtocolActions
          protocolId={match.id}
          printSource={async () =>
            printSourceOfMatch(match, await refereeOf(match.official_match_id))
          }
        >
          <LiveShareButton matchId={match.id} size="sm" />
        </ProtocolActions>
      )}
    />
  );
}
