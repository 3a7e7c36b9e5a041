import { PageHeader } from '@/components/page-header';
import { AccountMenuGrid } from '@/features/account/components/account-menu-grid';
import { SignOutButton } from '@/features/auth/components/sign-out-button';

export function SettingsRoute() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Inställningar"
        back={{ to: '/account', label: 'Mina sidor' }}
        className="mb-0"
      />
      <AccountMenuGrid />
      <SignOutButton className="w-full sm:w-auto sm:justify-self-start" />
    </div>
  );
}
