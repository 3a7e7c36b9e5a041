import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isRecord } from '@/lib/utils';

/** Sent by /sw.js when a clicked notification points at a page of this app. */
export const NAVIGATE_MESSAGE = 'speedway:navigate';

/**
 * A clicked notification focuses an open app window (sw.js) and asks it to show the page: done
 * here through the router, so the app is not reloaded.
 */
export function useNotificationNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent<unknown>) => {
      const message = event.data;
      if (!isRecord(message) || message.type !== NAVIGATE_MESSAGE) return;
      if (typeof message.url !== 'string') return;
      let url: URL;
      try {
        url = new URL(message.url, window.location.origin);
      } catch {
        return;
      }
      if (url.origin !== window.location.origin) return;
      void navigate(`${url.pathname}${url.search}${url.hash}`);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
}
