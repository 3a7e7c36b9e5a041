import { PlaceholderPage } from '@/components/placeholder-page';

export function AdminAdsRoute() {
  return (
    <PlaceholderPage title="Annonser" line="Kommer snart: skapa, granska och pausa annonser." />
  );
}
