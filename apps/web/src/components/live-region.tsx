import { useAnnouncement } from '@/lib/announce';

/**
 * The one polite live region (lib/announce.ts). Keyed by the announcement, so a repeated text is a
 * new node and is read again. Radix dialogs leave [aria-live] outside them exposed (aria-hidden
 * skips it), so it is heard while a dialog is open too.
 */
export function LiveRegion() {
  const { text, id } = useAnnouncement();
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
      {text ? <span key={id}>{text}</span> : null}
    </div>
  );
}
