import { SunlightOption } from '@/features/account/components/sunlight-option';
import { ThemeOptions } from '@/features/account/components/theme-options';
import { VibrationTest } from '@/features/account/components/vibration-test';
import { AccountPage } from './account-page';

export function AppearanceRoute() {
  return (
    <AccountPage title="Utseende">
      <ThemeOptions />
      <SunlightOption />
      <VibrationTest />
    </AccountPage>
  );
}
