import { useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RevertEmailStatus } from '@/features/auth/components/revert-email-status';

export function RevertEmailRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Ångra ändrad e-postadress">
      <RevertEmailStatus token={params.get('token')} />
    </AuthCard>
  );
}
