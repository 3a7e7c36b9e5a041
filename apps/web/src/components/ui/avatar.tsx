import { createContext, use, useEffect, useLayoutEffect, useState } from 'react';
import { cn } from '@/lib/utils';

// The avatar as Radix's (shadcn/ui's API): the picture only once it has loaded, the fallback until
// then and when it fails. Written out here since the header shows it on every page, and Radix's
// package with its shared parts was ~3 KiB of the entry's JavaScript (bench/web-budget.mjs).

type ImageStatus = 'idle' | 'loading' | 'loaded' | 'error';

const StatusContext = createContext<[ImageStatus, (status: ImageStatus) => void]>([
  'idle',
  () => {},
]);

export function Avatar({ className, ...props }: React.ComponentProps<'span'>) {
  const status = useState<ImageStatus>('idle');
  return (
    <StatusContext value={status}>
      <span
        data-slot="avatar"
        className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full', className)}
        {...props}
      />
    </StatusContext>
  );
}

/** Loaded off-screen first: an image that fails never shows a broken picture. */
export function AvatarImage({ className, src, alt, ...props }: React.ComponentProps<'img'>) {
  const [status, setStatus] = use(StatusContext);
  useLayoutEffect(() => {
    if (!src) {
      setStatus('error');
      return;
    }
    let current = true;
    const image = new window.Image();
    setStatus('loading');
    image.onload = () => current && setStatus('loaded');
    image.onerror = () => current && setStatus('error');
    image.src = src;
    return () => {
      current = false;
      setStatus('idle');
    };
  }, [src, setStatus]);
  if (status !== 'loaded') return null;
  return (
    <img
      data-slot="avatar-image"
      src={src}
      alt={alt}
      className={cn('aspect-square size-full object-cover', className)}
      {...props}
    />
  );
}

/** Shown while there is no loaded picture; after `delayMs`, so a fast picture does not flash it. */
export function AvatarFallback({
  className,
  delayMs = 0,
  ...props
}: React.ComponentProps<'span'> & { delayMs?: number }) {
  const [status] = use(StatusContext);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = window.setTimeout(() => setWaited(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
  if (status === 'loaded' || (delayMs > 0 && !waited)) return null;
  return (
    <span
      data-slot="avatar-fallback"
      className={cn(
        'flex size-full items-center justify-center rounded-full bg-primary font-bold text-primary-foreground',
        className,
      )}
      {...props}
    />
  );
}
