import { ProfileCard } from '@/features/account/components/profile-card';
import { AccountPage } from './account-page';

export function ProfileRoute() {
  return (
    <AccountPage title="Profil">
      <ProfileCard />
    </AccountPage>
  );
}
