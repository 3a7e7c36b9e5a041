import { useLayoutEffect } from 'react';
import { releaseLastView } from '@/lib/last-view';
import { AppProvider } from './provider';
import { AppRouter } from './router';

export function App() {
  // The first render has replaced the device's last view of the page (public/last-view.js): #root
  // answers again, in the same commit (ADR 024).
  useLayoutEffect(() => releaseLastView(document.getElementById('root')), []);
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}
