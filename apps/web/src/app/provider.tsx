import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { LiveRegion } from '@/components/live-region';
import { Toaster } from '@/components/ui/sonner';
import { AuthProvider, type AuthSession } from '@/lib/auth';
import { PersistedQueryCache } from '@/lib/offline/persisted-cache';
import { useOutboxSync } from '@/lib/offline/use-outbox';
import { useReconnect } from '@/lib/offline/use-reconnect';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { useSunlightSync } from '@/lib/sunlight';
import { useThemeSync } from '@/lib/theme';

function ThemeSync() {
  useThemeSync();
  useSunlightSync();
  return null;
}

function OutboxSync() {
  useOutboxSync();
  return null;
}

/** A server that stopped answering on a "connected" network is asked again (ADR 010 §8a). */
function Reconnect() {
  useReconnect();
  return null;
}

type AppProviderProps = {
  children: React.ReactNode;
  /** Tests pass a fresh client so no cache survives between them. */
  queryClient?: QueryClient;
  /** The prerender's stand-in session for signed-in pages; the browser reads the stored one. */
  initialSession?: AuthSession | null;
};

export function AppProvider({
  children,
  queryClient = appQueryClient,
  initialSession,
}: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeSync />
      {/* Before the routes, so toasts fired while a page mounts already have a place to go. */}
      <Toaster />
      <LiveRegion />
      <Reconnect />
      <AuthProvider initialSession={initialSession}>
        {/* Queries wait for the signed-in user's cached copy; the outbox runs once it is there. */}
        <PersistedQueryCache>
          <OutboxSync />
          {children}
        </PersistedQueryCache>
      </AuthProvider>
    </QueryClientProvider>
  );
}
