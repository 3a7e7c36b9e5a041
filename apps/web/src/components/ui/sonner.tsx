import { useEffect, useLayoutEffect } from 'react';
import { Toaster as Sonner, useSonner } from 'sonner';
import { useDialogOpen } from '@/lib/use-dialog-open';
import { useMediaQuery } from '@/lib/use-media-query';
import { useTheme } from '@/lib/theme';
import { setToastRoom, useToastClearance } from '@/lib/toast-room';

const TOAST_DURATION_MS = 4000;
const TOAST_WIDTH_PX = 356;
/** The close button's name (sonner's own is English). */
export const TOAST_CLOSE_LABEL = 'Dölj meddelande';
/** Where sonner spans toasts across the screen instead of giving them their 356 px. */
const SONNER_FULL_WIDTH = '(max-width: 600px)';
/** From the foot of the window: on a phone above the bottom bar, on a desktop sonner's own 24 px. */
const PHONE_BOTTOM_PX = 88;
const DESKTOP_BOTTOM_PX = 24;
/** Over a dialog the bottom bar is covered anyway: the toasts sit at the foot of the screen. */
const PHONE_OVER_DIALOG_BOTTOM_PX = 8;
/** Between a toast and what it keeps clear of. */
const GAP_PX = 8;
/** How much of each toast behind the front one peeks out of sonner's stack (its 14 px gap). */
const STACK_PEEK_PX = 14;
const STACK_VISIBLE = 3;

/**
 * Toasts per docs/spec/2-matches-protocols-admin.md §9: 356 px, bottom right, Alt+T; always there,
 * and covering nothing the user taps next. A bar stuck to the foot of the page ('Spara protokoll')
 * lifts them above it; while a dialog is open the dialog is lifted instead, by the room the toasts
 * take (--toast-room, read by DialogContent), so a bottom sheet's lanes and save button stay clear.
 */
export function Toaster() {
  const { resolved } = useTheme();
  const phone = useMediaQuery(SONNER_FULL_WIDTH);
  const overDialog = useDialogOpen();
  const clearance = useToastClearance();
  const { toasts } = useSonner();
  const showing = toasts.length;
  const base = phone ? PHONE_BOTTOM_PX : DESKTOP_BOTTOM_PX;
  const bottom = overDialog
    ? phone
      ? PHONE_OVER_DIALOG_BOTTOM_PX
      : DESKTOP_BOTTOM_PX
    : Math.max(base, clearance > 0 ? clearance + GAP_PX : 0);

  useLayoutEffect(() => {
    if (!overDialog || showing === 0) {
      setToastRoom(0);
      return;
    }
    // Sonner renders and measures its toasts in its own effects, a moment after this one: the
    // room is read again whenever the toaster changes (its --front-toast-height, a toast added).
    const measure = () => {
      const front = document.querySelector('[data-sonner-toast][data-front="true"]');
      const height = front?.getBoundingClientRect().height ?? 0;
      const peek = (Math.min(showing, STACK_VISIBLE) - 1) * STACK_PEEK_PX;
      setToastRoom(height + peek + bottom + GAP_PX);
    };
    const frame = requestAnimationFrame(measure);
    const toaster = document.querySelector('[data-sonner-toaster]');
    const watcher = new MutationObserver(measure);
    if (toaster) {
      watcher.observe(toaster, {
        attributes: true,
        attributeFilter: ['style', 'data-front'],
        childList: true,
        subtree: true,
      });
    }
    return () => {
      cancelAnimationFrame(frame);
      watcher.disconnect();
    };
  }, [overDialog, showing, toasts, bottom]);
  useEffect(() => () => setToastRoom(0), []);

  return (
    <Sonner
      theme={resolved}
      position="bottom-right"
      hotkey={['altKey', 'KeyT']}
      duration={TOAST_DURATION_MS}
      style={{ '--width': `${TOAST_WIDTH_PX}px` } as React.CSSProperties}
      mobileOffset={{ bottom }}
      offset={{ bottom }}
      richColors
      closeButton
      toastOptions={{ closeButtonAriaLabel: TOAST_CLOSE_LABEL }}
      containerAriaLabel="Meddelanden"
    />
  );
}
