import { Outlet } from 'react-router';
import { PushListeners } from '@/features/push/components/push-listeners';
import { UpdatePrompt } from '@/features/pwa/components/update-prompt';
import { TutorialsMount } from '@/features/tutorials/components/tutorials-mount';
import { useAuth } from '@/lib/auth';
import { useKeepLastView } from '@/lib/use-keep-last-view';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';
import { Breadcrumbs } from './breadcrumbs';
import { NavigationProgress } from './navigation-progress';

/** Its own component: the location it follows re-renders nothing else of the layout. */
function KeepLastView({ userId }: { userId: string }) {
  useKeepLastView(userId);
  return null;
}

export function MainLayout() {
  const { user } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Hoppa till innehållet
      </a>
      <AppHeader />
      <NavigationProgress />
      <main
        id="main"
        className="mx-auto w-full max-w-6xl flex-1 px-4 pt-5 pb-[calc(6rem+env(safe-area-inset-bottom))] md:px-6 md:pt-6 md:pb-12"
      >
        {user ? <Breadcrumbs /> : null}
        <Outlet />
      </main>
      {user ? <BottomNav /> : null}
      {user ? <PushListeners /> : null}
      <TutorialsMount />
      {user ? <KeepLastView userId={user.id} /> : null}
      <UpdatePrompt />
    </div>
  );
}
