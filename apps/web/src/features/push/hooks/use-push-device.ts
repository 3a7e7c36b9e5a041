import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentPushSubscription, disablePush, enablePush } from '../lib/push-client';
import { checkPushRequirements, notificationPermission } from '../lib/push-support';

/** Push on this device: what the browser can do, what it allows and whether it is subscribed. */
export async function getPushDevice() {
  const requirement = checkPushRequirements();
  const subscription = requirement === 'ok' ? await currentPushSubscription() : null;
  return { requirement, permission: notificationPermission(), subscribed: subscription !== null };
}

export type PushDevice = Awaited<ReturnType<typeof getPushDevice>>;

export function getPushDeviceQueryOptions() {
  return queryOptions({
    queryKey: ['push', 'device'],
    queryFn: getPushDevice,
    // The browser's own state: cheap to read and changed outside the app (site settings).
    staleTime: 0,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

export function usePushDevice() {
  return useQuery(getPushDeviceQueryOptions());
}

export function useEnablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enablePush,
    onSettled: () => queryClient.invalidateQueries(getPushDeviceQueryOptions()),
  });
}

export function useDisablePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disablePush,
    onSettled: () => queryClient.invalidateQueries(getPushDeviceQueryOptions()),
  });
}
