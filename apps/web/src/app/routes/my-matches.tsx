import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

/** An unknown tab falls back to the created protocols (spec 2 §2). */
export function MyMatchesRoute() {
  const { tab } = useParams();
  const saved = tab === 'saved-protocols';
  return (
    <PlaceholderPage
      title="Mina matcher"
      line={
        saved
          ? 'Dina sparade protokoll visas här snart.'
          : 'Protokollen du har skapat visas här snart.'
      }
    />
  );
}
