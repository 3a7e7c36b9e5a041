import { ForgotPasswordBodySchema } from '@speedway/contracts';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { EmailField } from '@/components/email-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { validate, type FieldErrors } from '@/lib/form';
import { useForgotPassword } from '../api/forgot-password';

export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<{ email: string }>>({});

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (forgot.isPending) return;
    const result = validate(ForgotPasswordBodySchema, { email });
    setErrors(result.errors ?? {});
    if (!result.data) return;
    forgot.mutate(result.data, {
      onError: (error) =>
        toast.error('Kunde inte skicka e-post.', {
          description: errorMessage(error, 'Något gick fel. Försök igen.'),
        }),
    });
  };

  if (forgot.isSuccess) {
    return (
      <Alert variant="success">
        <MailCheck aria-hidden="true" />
        <AlertDescription>{forgot.data.message}</AlertDescription>
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <EmailField value={email} onValueChange={setEmail} error={errors.email} />
      <Button type="submit" size="lg" disabled={forgot.isPending}>
        {forgot.isPending ? <Spinner /> : null}
        Skicka återställningslänk
      </Button>
    </form>
  );
}
