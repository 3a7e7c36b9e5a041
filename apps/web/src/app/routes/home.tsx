import { PlaceholderPage } from '@/components/placeholder-page';

export function HomeRoute() {
  return (
    <PlaceholderPage
      title="Hem"
      line="Nästa match, din statistik och tabellen för Elitserien visas här snart."
    />
  );
}
