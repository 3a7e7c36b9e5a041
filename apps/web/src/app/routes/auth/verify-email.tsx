import { useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { VerifyEmailStatus } from '@/features/auth/components/verify-email-status';

export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Verifiera e-postadress">
      <VerifyEmailStatus token={params.get('token')} />
    </AuthCard>
  );
}
