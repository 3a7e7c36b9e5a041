import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');

  if (!token) {
    return (
      <AuthCard title="Ogiltig länk" description="Saknar token för återställning">
        <Button asChild variant="outline" className="w-full">
          <Link to="/auth/forgot-password">Skicka en ny länk</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Välj nytt lösenord"
      description="Länken gäller i en timme från det att mejlet skickades."
    >
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
