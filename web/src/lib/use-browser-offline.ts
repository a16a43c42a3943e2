import { useSyncExternalStore } from 'react';

function subscribe(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

/**
 * Whether the browser knows it has no network (`navigator.onLine` is false).
 * It can say online without a network, never offline with one, so a screen
 * uses it to mark what it shows at once, before a request has failed.
 */
export function useBrowserOffline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine === false,
    () => false,
  );
}
