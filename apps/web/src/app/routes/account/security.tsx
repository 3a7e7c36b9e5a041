import { ChangePasswordCard } from '@/features/account/components/change-password-card';
import { SessionsCard } from '@/features/account/components/sessions-card';
import { TwoFactorCard } from '@/features/account/components/two-factor-card';
import { AccountPage } from './account-page';

export function SecurityRoute() {
  return (
    <AccountPage title="Säkerhet">
      <ChangePasswordCard />
      <TwoFactorCard />
      <SessionsCard />
    </AccountPage>
  );
}
