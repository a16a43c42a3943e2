import { PERIODS, type PeriodId } from '../periods.ts';

/** Native radio buttons drawn as a segmented control: arrow keys move the choice. */
export function PeriodPicker({
  value,
  onChange,
}: {
  value: PeriodId;
  onChange: (period: PeriodId) => void;
}) {
  return (
    <fieldset className="mb-5">
      <legend className="sr-only">Period</legend>
      <div className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:grid-cols-4 dark:bg-slate-800">
        {PERIODS.map((period) => (
          <label
            key={period.id}
            className="relative flex min-h-10 cursor-pointer items-center justify-center rounded-lg px-2 text-center text-sm font-medium text-slate-700 has-[:checked]:bg-white has-[:checked]:text-violet-800 has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-violet-600 dark:text-slate-300 dark:has-[:checked]:bg-slate-950 dark:has-[:checked]:text-violet-200"
          >
            <input
              type="radio"
              name="insights-period"
              value={period.id}
              checked={value === period.id}
              onChange={() => onChange(period.id)}
              className="sr-only"
            />
            {period.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
