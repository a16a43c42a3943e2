import { Plus, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { MAX_REMINDER_TIMES, nextFreeTime } from '../reminder-settings.ts';

interface Props {
  times: string[];
  onChange: (times: string[]) => void;
}

/**
 * Up to six local times a day, each a time input with its own 'Remove'. The
 * focus follows the change, for keyboard and screen reader users: to a time
 * just added, and to 'Add a time' when the focused one is removed.
 */
export function ReminderTimesField({ times, onChange }: Props) {
  const full = times.length >= MAX_REMINDER_TIMES;
  const list = useRef<HTMLUListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'added' | 'removed' | null>(null);
  useEffect(() => {
    if (focusAfter.current === 'added') {
      list.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus();
    } else if (focusAfter.current === 'removed') {
      addButton.current?.focus();
    }
    focusAfter.current = null;
  }, [times.length]);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="field-label">Reminder times</legend>
      {times.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">No reminder times yet.</p>
      )}
      <ul ref={list} className="flex flex-col gap-2">
        {times.map((time, index) => (
          // The position is the identity: two inputs may briefly hold the same time.
          <li key={index} className="flex items-center gap-2">
            <input
              type="time"
              className="text-input"
              aria-label={`Reminder time ${index + 1}`}
              value={time}
              onChange={(e) => onChange(times.map((t, i) => (i === index ? e.target.value : t)))}
            />
            <button
              type="button"
              className="btn-secondary shrink-0"
              aria-label={`Remove reminder time ${index + 1}`}
              onClick={() => {
                focusAfter.current = 'removed';
                onChange(times.filter((_, i) => i !== index));
              }}
            >
              <X aria-hidden="true" className="size-5" />
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn-secondary w-full"
        ref={addButton}
        disabled={full}
        onClick={() => {
          focusAfter.current = 'added';
          onChange([...times, nextFreeTime(times)]);
        }}
      >
        <Plus aria-hidden="true" className="size-5" />
        Add a time
      </button>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Up to {MAX_REMINDER_TIMES} times a day, in your local time.
      </p>
    </fieldset>
  );
}
