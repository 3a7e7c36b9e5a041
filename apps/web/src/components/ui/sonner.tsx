import { Toaster as Sonner } from 'sonner';
import { useDialogOpen } from '@/lib/use-dialog-open';
import { useMediaQuery } from '@/lib/use-media-query';
import { useTheme } from '@/lib/theme';

const TOAST_DURATION_MS = 4000;
const TOAST_WIDTH_PX = 356;
/** The close button's name (sonner's own is English). */
export const TOAST_CLOSE_LABEL = 'Dölj meddelande';
/** Where sonner spans toasts across the screen instead of giving them their 356 px. */
const SONNER_FULL_WIDTH = '(max-width: 600px)';
/** What sits on top while a dialog is open: its own close button, in its top right corner. */
const DIALOG_CLOSE_ROOM_PX = 60;
/**
 * Toasts per spec §9 (356 px, bottom right, Alt+T); on a phone above the bottom bar. While a dialog
 * is open they go to the top middle instead, clear of its close button: on a phone a dialog is a
 * bottom sheet, whose lanes, switches and buttons a toast at the bottom would cover (issue 12), and
 * on a desktop a tall dialog reaches down to where the toast would cover its save button.
 */
export function Toaster() {
  const { resolved } = useTheme();
  const fullWidth = useMediaQuery(SONNER_FULL_WIDTH);
  const overDialog = useDialogOpen();
  return (
    <Sonner
      theme={resolved}
      position={overDialog ? 'top-center' : 'bottom-right'}
      hotkey={['altKey', 'KeyT']}
      duration={TOAST_DURATION_MS}
      style={
        {
          '--width': `${TOAST_WIDTH_PX}px`,
          // Narrower than the screen by the close button's room, where sonner spans it in full.
          ...(overDialog && fullWidth ? { width: `calc(100% - ${DIALOG_CLOSE_ROOM_PX}px)` } : {}),
        } as React.CSSProperties
      }
      mobileOffset={overDialog ? { top: 8, left: 8 } : { bottom: 88 }}
      offset={overDialog ? { top: 8 } : undefined}
      richColors
      closeButton
      toastOptions={{ closeButtonAriaLabel: TOAST_CLOSE_LABEL }}
      containerAriaLabel="Meddelanden"
    />
  );
}
