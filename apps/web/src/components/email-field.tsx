import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type EmailFieldProps = {
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  /** 'username' where it sits above a password, so a password manager pairs the two. */
  autoComplete?: 'email' | 'username';
};

/**
 * The e-mail field of sign-in, registration, password reset and the profile: one place for its
 * label (which the tests find it by), keyboard and autofill, so the forms cannot drift apart.
 */
export function EmailField({
  value,
  onValueChange,
  error,
  autoComplete = 'email',
}: EmailFieldProps) {
  return (
    <Field label="E-postadress" error={error}>
      <Input
        type="email"
        name="email"
        autoComplete={autoComplete}
        inputMode="email"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </Field>
  );
}
