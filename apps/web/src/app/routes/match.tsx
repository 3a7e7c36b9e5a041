import { useParams } from 'react-router';
import { ProtocolPage } from '@/features/protocol/components/protocol-page';

export function MatchRoute() {
  const { id = '' } = useParams();
  return <ProtocolPage key={id} matchId={id} />;
}
