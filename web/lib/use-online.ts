/**
 * Whether the device has a network, as the browser says (navigator.onLine and its online/offline
 * events), for screens that change offline: the dashboard's notice and its kept figures.
 */
import { useSyncExternalStore } from 'react';
import { isOffline } from './api-client.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => !isOffline();

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
