import { useEffect, useState } from 'react';
import { ScreenSkeleton } from '../components/ScreenSkeleton.tsx';
import { loadedMainApp, loadMainApp } from './main-app-loader.ts';

/**
 * The signed-in app once its code is here. main.tsx starts loading it before
 * the first render on every address but the login screens, so it usually is;
 * no Suspense, whose reveal throttling would hold a skeleton for 300 ms.
 */
export function MainAppRoute() {
  const [Main, setMain] = useState(loadedMainApp);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (Main) return;
    loadMainApp().then((screen) => setMain(() => screen), setFailure);
  }, [Main]);
  // The screen's error boundary offers the reload.
  if (failure) throw failure;
  return Main ? <Main /> : <ScreenSkeleton />;
}
