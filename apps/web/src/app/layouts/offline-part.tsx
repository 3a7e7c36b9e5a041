import { lazy, Suspense, type ComponentType } from 'react';
import type * as offlineStatus from '@/features/offline/components/offline-status';

type OfflineStatus = typeof offlineStatus;

const nothing = () => null;

/**
 * One of the layout's offline parts (banner, unsent count, full disk), loaded when first shown:
 * they share one chunk, kept out of the app's entry. A chunk that cannot load (offline before the
 * service worker has cached it) shows nothing rather than breaking the page.
 */
export function offlinePart<P extends object>(pick: (module: OfflineStatus) => ComponentType<P>) {
  const Part = lazy(() =>
    import('@/features/offline/components/offline-status').then(
      (module) => ({ default: pick(module) }),
      () => ({ default: nothing as ComponentType<P> }),
    ),
  );
  return function OfflinePart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}
