import { Toaster as Sonner } from 'sonner';
import { useTheme } from '@/lib/theme';

const TOAST_DURATION_MS = 4000;
const TOAST_WIDTH_PX = 356;

export function Toaster() {
  const { resolved } = useTheme();
  return (
    <Sonner
      theme={resolved}
      position="bottom-right"
      hotkey={['altKey', 'KeyT']}
      duration={TOAST_DURATION_MS}
      style={{ '--width': `${TOAST_WIDTH_PX}px` } as React.CSSProperties}
      // On phones the toasts sit above the bottom bar.
      mobileOffset={{ bottom: 88 }}
      richColors
      closeButton
      containerAriaLabel="Meddelanden"
    />
  );
}
