import { Pencil } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ActivityRow } from '../../../journal/entry-row.ts';
import { EntryEditor } from './EntryEditor.tsx';
import { EntryValues, FlowBadge } from './EntryValues.tsx';
import type { LinesOf } from '../api/use-answer-lines.ts';

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
  linesOf: LinesOf;
}

export function ActivityListItem({ activity, focusEdit, onFocused, onMoved, linesOf }: Props) {
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
          {activity.flow_state && <FlowBadge />}
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
      <EntryValues
        energy={activity.energy}
        engagement={activity.engagement}
        notes={activity.notes}
        tags={activity.tags}
        answers={linesOf(activity.answers, activity.created_at)}
      />
    </li>
  );
}
