import { useParams } from 'react-router';
import { LiveView } from '@/features/live/components/live-view';

/** /live/{token}: a shared protocol, for anyone with the link (no sign-in, no app navigation). */
export function LiveRoute() {
  const { token = '' } = useParams();
  return <LiveView key={token} token={token} />;
}
