import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSwipe } from '../lib/use-swipe';
import { CreatedProtocolsList } from './created-protocols-list';
import { SavedProtocolsList } from './saved-protocols-list';

export const MY_MATCHES_TABS = ['created-protocols', 'saved-protocols'] as const;
export type MyMatchesTab = (typeof MY_MATCHES_TABS)[number];

export function isMyMatchesTab(value: unknown): value is MyMatchesTab {
  return MY_MATCHES_TABS.includes(value as MyMatchesTab);
}

type MyMatchesTabsProps = { tab: MyMatchesTab; onTabChange: (tab: MyMatchesTab) => void };

/**
 * Skapade and Sparade. The tab is the address (/my-matches/{tab}), so the route owns it; a sideways
 * swipe over the lists switches too (docs/spec/2-matches-protocols-admin.md §2), as the tabs sit in
 * a row.
 */
export function MyMatchesTabs({ tab, onTabChange }: MyMatchesTabsProps) {
  const index = MY_MATCHES_TABS.indexOf(tab);
  const swipe = useSwipe({
    onSwipeLeft: () => {
      const next = MY_MATCHES_TABS[index + 1];
      if (next) onTabChange(next);
    },
    onSwipeRight: () => {
      const previous = MY_MATCHES_TABS[index - 1];
      if (previous) onTabChange(previous);
    },
  });
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => isMyMatchesTab(value) && onTabChange(value)}
      // Vertical scrolling stays the browser's; the sideways gesture is ours.
      className="touch-pan-y"
      {...swipe}
    >
      <TabsList aria-label="Mina matcher" data-tutorial="my-matches-tabs">
        <TabsTrigger value="created-protocols">Skapade</TabsTrigger>
        <TabsTrigger value="saved-protocols">Sparade</TabsTrigger>
      </TabsList>
      <TabsContent value="created-protocols" data-tutorial="my-matches-list">
        <CreatedProtocolsList />
      </TabsContent>
      <TabsContent value="saved-protocols" data-tutorial="my-matches-list">
        <SavedProtocolsList />
      </TabsContent>
    </Tabs>
  );
}
