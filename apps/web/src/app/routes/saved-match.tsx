import { PlaceholderPage } from '@/components/placeholder-page';

export function SavedMatchRoute() {
  return (
    <PlaceholderPage
      title="Sparad match"
      line="Ditt protokoll jämfört med det officiella resultatet visas här snart."
      back={{ to: '/my-matches/saved-protocols', label: 'Mina matcher' }}
    />
  );
}
