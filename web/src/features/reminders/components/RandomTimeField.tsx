interface Props {
  from: string | null;
  until: string | null;
  onChange: (from: string | null, until: string | null) => void;
}

// Offered when the box is ticked: late morning to afternoon, a window most people are awake in.
const DEFAULT_FROM = '10:00';
const DEFAULT_UNTIL = '16:00';

/** 'A random time between': one more reminder a day, at a minute the server picks in the window. */
export function RandomTimeField({ from, until, onChange }: Props) {
  const on = from !== null || until !== null;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-200">
        <input
          type="checkbox"
          className="size-5 accent-violet-700 dark:accent-violet-400"
          checked={on}
          onChange={(e) =>
            e.target.checked ? onChange(DEFAULT_FROM, DEFAULT_UNTIL) : onChange(null, null)
          }
        />
        A random time between
      </label>
      {on && (
        <div className="flex flex-wrap items-center gap-2">
          <input
            type="time"
            className="text-input w-auto min-w-32 flex-1"
            aria-label="Random time from"
            value={from ?? ''}
            onChange={(e) => onChange(e.target.value, until)}
          />
          <span className="text-sm text-slate-600 dark:text-slate-300">and</span>
          <input
            type="time"
            className="text-input w-auto min-w-32 flex-1"
            aria-label="Random time until"
            value={until ?? ''}
            onChange={(e) => onChange(from, e.target.value)}
          />
        </div>
      )}
    </div>
  );
}
