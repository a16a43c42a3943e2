import { useState } from 'react';
import type { FlowMoment } from '../api/get-week-in-review.ts';
import { useWholeNote } from '../api/get-whole-note.ts';

const flowTime = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * One flow moment: its activity, time and notes. A long note comes as its
 * start; 'Show the whole note' reads the rest from the entry (ADR 087).
 */
export function FlowMomentItem({ moment }: { moment: FlowMoment }) {
  const [opened, setOpened] = useState(false);
  const whole = useWholeNote(moment.created_at, opened && moment.notes_cut);
  const notes = opened && whole.data !== undefined ? whole.data : moment.notes;
  return (
    <li>
      <span className="font-medium break-words">{moment.activity}</span>{' '}
      <time dateTime={moment.created_at} className="text-sm text-slate-700 dark:text-slate-200">
        {flowTime.format(new Date(moment.created_at))}
      </time>
      {notes && (
        <p className="text-sm break-words whitespace-pre-wrap">
          {moment.notes_cut && !(opened && whole.data !== undefined) ? `${notes}…` : notes}
        </p>
      )}
      {moment.notes_cut && !opened && (
        <button
          type="button"
          className="btn-secondary mt-1 min-h-10 px-3 text-sm"
          onClick={() => setOpened(true)}
        >
          Show the whole note
        </button>
      )}
      {opened && whole.isPending && <p className="text-sm">Loading the note…</p>}
      {opened && whole.isError && (
        <p role="alert" className="text-sm">
          Could not load the note: {whole.error.message}
        </p>
      )}
    </li>
  );
}
