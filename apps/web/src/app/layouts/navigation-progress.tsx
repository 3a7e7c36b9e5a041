import { useNavigation } from 'react-router';

/** A thin bar under the header while a lazily loaded page is on its way. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Laddar sidan"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="animate-progress h-full w-2/5 bg-primary" />
    </div>
  );
}
