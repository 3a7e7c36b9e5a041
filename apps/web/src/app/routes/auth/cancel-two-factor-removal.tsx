import { useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { CancelTwoFactorRemovalStatus } from '@/features/auth/components/cancel-two-factor-removal-status';

export function CancelTwoFactorRemovalRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Avbryt borttagning av tvåfaktorsautentisering">
      <CancelTwoFactorRemovalStatus token={params.get('token')} />
    </AuthCard>
  );
}
