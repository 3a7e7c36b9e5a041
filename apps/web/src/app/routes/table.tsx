import { PlaceholderPage } from '@/components/placeholder-page';

export function TableRoute() {
  return <PlaceholderPage title="Tabell" line="Tabellen för Elitserien visas här snart." />;
}
