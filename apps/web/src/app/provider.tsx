import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/sonner';
import { AuthProvider, type AuthSession } from '@/lib/auth';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { useThemeSync } from '@/lib/theme';

function ThemeSync() {
  useThemeSync();
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
      <AuthProvider initialSession={initialSession}>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
