/**
 * Where a banner ad (320×60) will go. Ads are a later issue: until then the slot is empty and
 * takes no room, so the layout does not change when they arrive.
 */
export function AdSlot({ placement }: { placement: string }) {
  return (
    <div
      data-slot="banner-ad"
      data-placement={placement}
      aria-hidden="true"
      className="empty:hidden"
    />
  );
}
