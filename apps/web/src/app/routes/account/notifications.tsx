import { NotificationSettingsForm } from '@/features/notifications/components/notification-settings-form';
import { PushDeviceCard } from '@/features/push/components/push-device-card';
import { AccountPage } from './account-page';

export function NotificationsRoute() {
  return (
    <AccountPage title="Notiser" description="Välj vad du vill få besked om, och när.">
      <NotificationSettingsForm />
      <PushDeviceCard />
    </AccountPage>
  );
}
