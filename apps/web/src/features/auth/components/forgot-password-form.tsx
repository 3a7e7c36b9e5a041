import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { EmailField } from '@/components/email-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { validate, type FieldErrors } from '@/lib/form';
import { useHydrated } from '@/lib/use-hydrated';
import { useForgotPassword } from '../api/forgot-password';
import { warmUp } from '../lib/load-on-use';
import { withRequiredEmail } from '../lib/required-email';
import { useSubmitWithContracts } from '../lib/use-submit-with-contracts';

export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<{ email: string }>>({});

  const onSubmit = useSubmitWithContracts(({ ForgotPasswordBodySchema }) => {
    if (forgot.isPending) return;
    const result = validate(ForgotPasswordBodySchema, { email });
    setErrors(withRequiredEmail(email, result.errors));
    if (!result.data) return;
    forgot.mutate(result.data, {
      onError: (error) =>
        toast.error('Kunde inte skicka e-post.', {
          description: errorMessage(error, 'Något gick fel. Försök igen.'),
        }),
    });
  }, 'Kunde inte skicka e-post.');

  if (forgot.isSuccess) {
    return (
      <Alert variant="success">
        <MailCheck aria-hidden="true" />
        <AlertDescription>{forgot.data.message}</AlertDescription>
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} onFocus={warmUp} noValidate className="grid gap-4">
      <EmailField value={email} onValueChange={setEmail} error={errors.email} />
      <Button type="submit" size="lg" disabled={!hydrated || forgot.isPending}>
        {forgot.isPending ? <Spinner /> : null}
        Skicka återställningslänk
      </Button>
    </form>
  );
}
