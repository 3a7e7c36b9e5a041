import type { NotificationSettings, NotificationSettingsUpdate } from '@speedway/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getNotificationSettingsQueryOptions } from './get-notification-settings';

/**
 * Sends the settings (docs/spec/1-app-shell-auth-account.md §7); the reply is the full stored
 * settings.
 */
export function updateNotificationSettings(
  body: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  return api.put<NotificationSettings>('/api/account/notifications', body);
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) =>
      queryClient.setQueryData(getNotificationSettingsQueryOptions().queryKey, settings),
  });
}
