import { OTP_LENGTH, OtpCodeSchema } from '@speedway/contracts';
import { useEffect, useRef, useState } from 'react';

type OtpEntryOptions = {
  /** A code is being checked: the field is read-only and another submit is ignored. */
  pending: boolean;
  /** A well-formed code, from the last digit typed or from the form's submit. */
  onCode: (code: string) => void;
};

/**
 * The state behind an OtpInput in a form, shared by signing in with two factors and switching
 * them on. The code goes off by itself at the last digit; `reset` empties the field after a
 * refused code so the next try starts from an empty field; `error` says why a code was not sent.
 */
export function useOtpEntry({ pending, onCode }: OtpEntryOptions) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const inputRef = useRef<HTMLInputElement>(null);

  // The field is read-only while a code is checked; afterwards the caret goes back into it, so a
  // refused code can be typed again at once.
  useEffect(() => {
    if (!pending) inputRef.current?.focus();
  }, [pending]);

  const submit = (value: string) => {
    if (pending) return;
    const parsed = OtpCodeSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onCode(parsed.data);
  };

  return {
    code,
    error,
    reset: () => setCode(''),
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      submit(code);
    },
    /** For the OtpInput. */
    inputProps: {
      ref: inputRef,
      length: OTP_LENGTH,
      value: code,
      onValueChange: (value: string) => {
        setCode(value);
        setError(undefined);
      },
      onComplete: submit,
      readOnly: pending,
      'aria-busy': pending,
    },
  };
}
