import {
  DEFAULT_DEVICE_LABEL,
  SessionLoginResponseSchema,
  TwoFactorRequiredResponseSchema,
  type LoginBody,
} from '@speedway/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AuthSession } from '@/lib/auth';

export const UNEXPECTED_LOGIN_REPLY = 'Oväntat svar från servern vid inloggning.';

export type TwoFactorChallenge = {
  ticket: string;
  deviceLabel: string;
  user: { id: string; email: string; display_name: string | null };
};

export type LoginResult =
  { kind: 'session'; session: AuthSession } | { kind: 'two_factor'; challenge: TwoFactorChallenge };

// The device label is optional here: the spec gives it a default when the server leaves it out.
const TwoFactorReplySchema = TwoFactorRequiredResponseSchema.partial({ device_label: true });

/** A token plus a user is a session; anything else is an unexpected reply. */
export function toSession(reply: unknown, unexpectedMessage: string): AuthSession {
  const parsed = SessionLoginResponseSchema.safeParse(reply);
  if (!parsed.success) throw new Error(unexpectedMessage);
  return parsed.data;
}

export async function login(body: LoginBody): Promise<LoginResult> {
  const reply = await api.post<unknown>('/api/auth/login', body);
  const twoFactor = TwoFactorReplySchema.safeParse(reply);
  if (twoFactor.success) {
    const { ticket, device_label, user } = twoFactor.data;
    return {
      kind: 'two_factor',
      challenge: { ticket, deviceLabel: device_label || DEFAULT_DEVICE_LABEL, user },
    };
  }
  return { kind: 'session', session: toSession(reply, UNEXPECTED_LOGIN_REPLY) };
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
