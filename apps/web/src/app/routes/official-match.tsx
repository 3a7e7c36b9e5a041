import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export function OfficialMatchRoute() {
  const { officialId } = useParams();
  return (
    <PlaceholderPage
      title="Officiell match"
      line={`Matchkortet för match ${officialId ?? ''} visas här snart.`}
      back={{ to: '/matches', label: 'Matcher' }}
    />
  );
}
