import { Globe } from 'lucide-react';

interface Props {
  /** The zone the form will save. */
  zone: string;
  /** The zone saved now; undefined before the first save. */
  savedZone: string | undefined;
  /** Where the browser is now. */
  browserZone: string;
  busy: boolean;
  onFollowBrowser: () => void;
}

/**
 * The zone the reminder times are read in; after travel (the browser's zone
 * is not the saved one) the offer to follow the new zone.
 */
export function TimeZoneNote({ zone, savedZone, browserZone, busy, onFollowBrowser }: Props) {
  const travelled = savedZone !== undefined && savedZone !== browserZone && zone !== browserZone;
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-600 dark:text-slate-300">
      <p className="flex items-center gap-2">
        <Globe aria-hidden="true" className="size-4 shrink-0" />
        <span>Times are in {zone}.</span>
      </p>
      {travelled && (
        <div className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">
          <p>
            Your reminders follow {savedZone}. Use {browserZone}?
          </p>
          <button
            type="button"
            className="btn-secondary w-full"
            disabled={busy}
            onClick={onFollowBrowser}
          >
            Use {browserZone}
          </button>
        </div>
      )}
    </div>
  );
}
