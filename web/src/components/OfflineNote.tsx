import { WifiOff } from 'lucide-react';

/** docs/product.md: above Look Back and Insights when they show what they loaded last. */
export const OFFLINE_DATA_TEXT = 'You are offline. This is what was loaded last.';

export function OfflineNote() {
  return (
    <p
      role="status"
      className="mb-4 flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      {OFFLINE_DATA_TEXT}
    </p>
  );
}
