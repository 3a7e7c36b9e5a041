import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export function MatchRoute() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title="Matchprotokoll"
      line={`Protokollet för match ${id ?? ''} visas här snart.`}
      back={{ to: '/matches', label: 'Matcher' }}
    />
  );
}
