import { DeleteAccountCard } from '@/features/account/components/delete-account-card';
import { ExportDataCard } from '@/features/account/components/export-data-card';
import { AccountPage } from './account-page';

export function PrivacyRoute() {
  return (
    <AccountPage title="Data & sekretess">
      <ExportDataCard />
      <DeleteAccountCard />
    </AccountPage>
  );
}
