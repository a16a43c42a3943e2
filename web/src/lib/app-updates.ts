import { useEffect, useState } from 'react';

// The service worker (docs/decisions/037) from the page's side: register it
// once the signed-in app is idle, so it never competes with the first screen,
// and say when a new build is ready instead of staying silently on the old one.

const WORKER_URL = '/sw.js';
/** Registration waits until the app's first screen and its data have had the network. */
export const REGISTER_DELAY_MS = 2000;

/** A waiting worker, and the way to let it take over: the page reloads under it. */
export type ApplyUpdate = () => void;

function applyUpdateWith(waiting: ServiceWorker): ApplyUpdate {
  return () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };
}

/**
 * Registers the worker and calls `onUpdate` when a new build has been
 * installed beside the one running this page. The first install is no
 * update: the page already runs that build. The browser looks for a new
 * worker at each navigation; a page left open also looks when it is shown again.
 */
export async function registerServiceWorker(onUpdate: (apply: ApplyUpdate) => void) {
  const registration = await navigator.serviceWorker.register(WORKER_URL);
  const offer = (worker: ServiceWorker | null) => {
    if (worker && navigator.serviceWorker.controller) onUpdate(applyUpdateWith(worker));
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => {});
  });
}

/** Registers the worker after the first screen; returns how to apply a new build once one is ready. */
export function useAppUpdates(): ApplyUpdate | null {
  const [applyUpdate, setApplyUpdate] = useState<ApplyUpdate | null>(null);
  useEffect(() => {
    if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
    const timer = setTimeout(() => {
      registerServiceWorker((apply) => setApplyUpdate(() => apply)).catch((error: unknown) => {
        // Without a worker the app still works online; only opening offline is lost.
        console.warn('The service worker could not be registered', error);
      });
    }, REGISTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return applyUpdate;
}
