import { useParams } from 'react-router';
import { ProtocolPage } from '@/features/protocol/components/protocol-page';
import { SaveProtocolButton } from '@/features/saved-matches';

export function MatchRoute() {
  const { id = '' } = useParams();
  return (
    <ProtocolPage key={id} matchId={id} saveAction={(props) => <SaveProtocolButton {...props} />} />
  );
}
