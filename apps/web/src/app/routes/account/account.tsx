import { PageHeader } from '@/components/page-header';
import { AccountMenuGrid } from '@/features/account/components/account-menu-grid';
import { AccountSummary } from '@/features/account/components/account-summary';
import { SignOutButton } from '@/features/auth/components/sign-out-button';

export function AccountRoute() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Mina sidor" className="mb-0" />
      <AccountSummary />
      <AccountMenuGrid />
      <SignOutButton className="w-full sm:w-auto sm:justify-self-start" />
    </div>
  );
}
