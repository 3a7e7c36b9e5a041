import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { useAuth } from '@/lib/auth';

// The guides are a chunk of their own, loaded after the first paint and only for a signed-in
// user: nothing of them is on the critical path (the entry's budget, bench/web-budget.mjs).
const TutorialHost = lazy(() => import('./tutorial-host'));

/** Where the layout puts the intro and the page guides. */
export function TutorialsMount() {
  const { user } = useAuth();
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstPaint(() => setPainted(true)), []);
  if (!user || !painted) return null;
  return (
    <Suspense fallback={null}>
      <TutorialHost />
    </Suspense>
  );
}
