import { WEEKDAY_NAMES } from '../reminder-settings.ts';

interface Props {
  /** ISO weekdays, 1 = Monday. */
  weekdays: number[];
  onChange: (weekdays: number[]) => void;
}

/** The days the reminders apply to: a checkbox each, every day unless chosen otherwise. */
export function WeekdaysField({ weekdays, onChange }: Props) {
  const chosen = new Set(weekdays);
  const toggle = (day: number, on: boolean) =>
    onChange(on ? [...weekdays, day].sort((a, b) => a - b) : weekdays.filter((d) => d !== day));
  return (
    <fieldset>
      <legend className="field-label">On these days</legend>
      <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        {WEEKDAY_NAMES.map((name, index) => {
          const day = index + 1;
          return (
            <label key={day} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-5 accent-violet-700 dark:accent-violet-400"
                checked={chosen.has(day)}
                onChange={(e) => toggle(day, e.target.checked)}
              />
              {name}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
