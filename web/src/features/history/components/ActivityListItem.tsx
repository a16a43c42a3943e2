import { Pencil, Target, Zap } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { intensityOf, TEXT_CLASS, type Measure } from '../../../lib/intensity-colors.ts';
import type { ActivityRow } from '../../../journal/entry-row.ts';
import { EntryEditor } from './EntryEditor.tsx';

// Short month, day, hour and minute in the reader's own locale (docs/product.md 2).
const WHEN = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

interface Props {
  activity: ActivityRow;
  /** Focus this entry's Edit button (it was just edited and moved in time). */
  focusEdit: boolean;
  onFocused: () => void;
  /** An edit moved the entry to `savedAt`: the list shows it under a new key. */
  onMoved: (savedAt: string) => void;
}

export function ActivityListItem({ activity, focusEdit, onFocused, onMoved }: Props) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    // Back from the editor, the keyboard continues where it left off.
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  useEffect(() => {
    if (!focusEdit) return;
    editButton.current?.focus();
    onFocused();
  }, [focusEdit, onFocused]);

  const close = (savedAt?: string) => {
    setEditing(false);
    if (savedAt && Date.parse(savedAt) !== Date.parse(activity.created_at)) onMoved(savedAt);
  };
  if (editing) return <EntryEditor entry={activity} onClose={close} />;
  return (
    <li className="card flex flex-col gap-2 p-4" data-testid="activity-item">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 font-medium break-words">{activity.activity}</h2>
        <div className="flex shrink-0 items-center gap-2">
          {activity.flow_state && (
            <span className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800 dark:bg-violet-900 dark:text-violet-100">
              Flow
            </span>
          )}
          <button
            ref={editButton}
            type="button"
            className="-my-2 -mr-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            aria-label={`Edit ${activity.activity}`}
            title="Edit"
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      <time dateTime={activity.created_at} className="text-sm text-slate-600 dark:text-slate-300">
        {WHEN.format(new Date(activity.created_at))}
      </time>
      <div className="flex gap-5 text-sm">
        <Measurement measure="energy" label="Energy" value={activity.energy} />
        <Measurement measure="engagement" label="Engagement" value={activity.engagement} />
      </div>
      {activity.notes && (
        <p className="text-sm whitespace-pre-line text-slate-700 dark:text-slate-200">
          {activity.notes}
        </p>
      )}
      {activity.tags && activity.tags.length > 0 && (
        // A group, not a list: the card is already an item of the Activities list.
        <div role="group" aria-label="Tags" className="flex flex-wrap gap-1.5">
          {activity.tags.map((tag) => (
            <span
              key={tag}
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium break-all text-slate-800 dark:bg-slate-800 dark:text-slate-100"
            >
              {tag}
            </span>
          ))}
        </div>
      )}
    </li>
  );
}

function Measurement({
  measure,
  label,
  value,
}: {
  measure: Measure;
  label: string;
  value: number;
}) {
  const Icon = measure === 'energy' ? Zap : Target;
  return (
    <span className="inline-flex items-center gap-1.5" data-measure={measure}>
      <Icon
        aria-hidden="true"
        className={`size-4 ${TEXT_CLASS[measure][intensityOf(value)]}`}
        fill={measure === 'energy' ? 'currentColor' : 'none'}
      />
      <span className="sr-only">{label}</span>
      <span className="font-medium tabular-nums">{value}%</span>
    </span>
  );
}
