import { Link } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export function ForgotPasswordRoute() {
  return (
    <AuthCard
      title="Glömt lösenordet?"
      description="Ange din e-postadress så skickar vi en länk där du väljer ett nytt lösenord."
      footer={<BackToLogin />}
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}

function BackToLogin() {
  return (
    <Link
      to="/auth"
      className="inline-flex min-h-11 items-center font-medium text-primary hover:underline"
    >
      Tillbaka till inloggningen
    </Link>
  );
}
