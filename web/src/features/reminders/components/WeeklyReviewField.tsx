import { Toggle } from '../../../components/Toggle.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { WEEKDAY_NAMES } from '../reminder-settings.ts';

interface Props {
  on: boolean;
  day: number;
  time: string;
  onChange: (changes: { weeklyReview?: boolean; reviewDay?: number; reviewTime?: string }) => void;
}

/**
 * 'Weekly review': once a week, on the chosen day at the chosen local time,
 * a reminder to look back at the week (docs/product.md 16, docs/decisions/073),
 * sent on the same channels as the other reminders.
 */
export function WeeklyReviewField({ on, day, time, onChange }: Props) {
  return (
    <div className="flex flex-col gap-2">
      <Toggle
        label="Weekly review"
        checked={on}
        onChange={(weeklyReview) => onChange({ weeklyReview })}
      />
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Once a week, a reminder to look back at your week, with its top energizer so far.
      </p>
      {on && (
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor="review-day" className="field-label">
              Review day
            </label>
            <select
              id="review-day"
              className="text-input"
              value={day}
              onChange={(e) => onChange({ reviewDay: Number(e.target.value) })}
            >
              {WEEKDAY_NAMES.map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <TextField
            id="review-time"
            label="Review time"
            type="time"
            value={time}
            onChange={(reviewTime) => onChange({ reviewTime })}
          />
        </div>
      )}
    </div>
  );
}
