import type { Ad, AdFormBody } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adKeys } from './keys';

export function createAd(body: AdFormBody): Promise<Ad> {
  return api.post<Ad>('/api/ads', body);
}

export function useCreateAd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAd,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adKeys.all }),
  });
}
