import type { ApplyUpdate } from '../lib/app-updates.ts';

/** Says that a new version has been installed and offers to switch to it now. */
export function AppUpdateBanner({ applyUpdate }: { applyUpdate: ApplyUpdate }) {
  return (
    <div
      role="status"
      className="mx-auto mt-3 flex max-w-xl items-center justify-between gap-3 rounded-lg border border-violet-300 bg-violet-50 px-4 py-2 text-sm text-violet-950 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-50"
    >
      <span>A new version of Energy Tracker is ready.</span>
      <button type="button" className="btn-primary" onClick={applyUpdate}>
        Reload
      </button>
    </div>
  );
}
