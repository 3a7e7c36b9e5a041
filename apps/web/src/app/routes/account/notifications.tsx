import { PlaceholderPage } from '@/components/placeholder-page';

export function NotificationsRoute() {
  return (
    <PlaceholderPage
      title="Notiser"
      line="Kommer snart: inställningar för e-post, push och tysta timmar."
      back={{ to: '/account', label: 'Mina sidor' }}
    />
  );
}
