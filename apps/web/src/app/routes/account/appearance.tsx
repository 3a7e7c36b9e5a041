import { ThemeOptions } from '@/features/account/components/theme-options';
import { VibrationTest } from '@/features/account/components/vibration-test';
import { AccountPage } from './account-page';

export function AppearanceRoute() {
  return (
    <AccountPage title="Utseende">
      <ThemeOptions />
      <VibrationTest />
    </AccountPage>
  );
}
