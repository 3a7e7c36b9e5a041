import type { NotificationSettings } from '@speedway/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getNotificationSettings({
  signal,
}: { signal?: AbortSignal } = {}): Promise<NotificationSettings> {
  return api.get<NotificationSettings>('/api/account/notifications', { signal });
}

export function getNotificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'notifications'],
    queryFn: ({ signal }) => getNotificationSettings({ signal }),
  });
}

export function useNotificationSettings() {
  return useQuery(getNotificationSettingsQueryOptions());
}
