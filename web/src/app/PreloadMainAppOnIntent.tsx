import { useEffect, type ReactNode } from 'react';
import { loadMainApp } from './main-app-loader.ts';

/**
 * On the login screens, the signed-in app's code starts downloading as soon
 * as the visitor starts typing or tapping, so it is there when they are in,
 * without weighing on the screen's first load.
 */
export function PreloadMainAppOnIntent({ children }: { children: ReactNode }) {
  useEffect(() => {
    const preload = () => {
      void loadMainApp().catch(() => {});
      for (const type of EVENTS) document.removeEventListener(type, preload, true);
    };
    for (const type of EVENTS) document.addEventListener(type, preload, true);
    return () => {
      for (const type of EVENTS) document.removeEventListener(type, preload, true);
    };
  }, []);
  return children;
}

const EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;
