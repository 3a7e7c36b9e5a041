import { useParams } from 'react-router';
import { RiderView } from '@/features/statistics/components/rider-view';

export function RiderRoute() {
  const { riderId = '' } = useParams();
  return <RiderView key={riderId} riderId={riderId} />;
}
