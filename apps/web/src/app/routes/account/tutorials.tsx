import { PlaceholderPage } from '@/components/placeholder-page';

export function TutorialsRoute() {
  return (
    <PlaceholderPage
      title="Snabbguider"
      line="Kommer snart: visa introduktionen och guiderna för varje sida igen."
      back={{ to: '/account', label: 'Mina sidor' }}
    />
  );
}
