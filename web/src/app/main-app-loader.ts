import type { ComponentType } from 'react';

// The signed-in app (its tabs and what they use) is a chunk of its own, so
// the login screen does not download it (docs/decisions/016).
let loaded: ComponentType | undefined;
let loading: Promise<ComponentType> | undefined;

/** Starts loading the signed-in app's code once; resolves to its screen. */
export function loadMainApp(): Promise<ComponentType> {
  loading ??= import('./MainApp.tsx').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      // A failed download (offline, a new deployment) may be retried.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The signed-in app's screen if its code has arrived, else undefined. */
export function loadedMainApp(): ComponentType | undefined {
  return loaded;
}
