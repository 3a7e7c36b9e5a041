import type { PushPublicKeyResponse } from '@speedway/contracts';
import { api } from '@/lib/api-client';

export function getPushPublicKey(): Promise<PushPublicKeyResponse> {
  return api.get<PushPublicKeyResponse>('/api/account/push/public-key');
}
