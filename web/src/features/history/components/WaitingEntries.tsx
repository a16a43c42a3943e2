import { CardSection } from '../../../components/CardSection.tsx';
import { useState } from 'react';
import { useOutbox } from '../../../journal/outbox/outbox-context.tsx';
import type { OutboxRecord } from '../../../journal/outbox/outbox-store.ts';
import { fromLocalInputValue, toLocalInputValue } from '../../../lib/local-time.ts';
import { EntryValues, FlowBadge } from './EntryValues.tsx';
import { useAnswerLines, type LinesOf } from '../api/use-answer-lines.ts';

const timeText = (iso: string | undefined) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';

/**
 * Look Back's entries still on this device (docs/product.md): every value
 * the person gave, marked as not yet sent; one the server refused shows its reason, and the person can give
 * it another time or discard it (nothing is dropped silently).
 */
export function WaitingEntries() {
  const { records } = useOutbox();
  // Only each entry's own answers: the day's are the server's to tell.
  const linesOf = useAnswerLines([]);
  if (records.length === 0) return null;
  return (
    <CardSection
      headingId="waiting-heading"
      title="Not yet sent"
      className="mb-4 flex flex-col gap-3"
      headingClassName="font-semibold"
    >
      <ul className="flex flex-col gap-3" aria-labelledby="waiting-heading">
        {records.map((record) => (
          <WaitingEntry key={record.entryKey} record={record} linesOf={linesOf} />
        ))}
      </ul>
    </CardSection>
  );
}

function WaitingEntry({ record, linesOf }: { record: OutboxRecord; linesOf: LinesOf }) {
  const { retime, discard } = useOutbox();
  const [time, setTime] = useState(() =>
    toLocalInputValue(new Date(record.entry.createdAt ?? record.savedAt)),
  );
  const [busy, setBusy] = useState(false);
  const chosen = fromLocalInputValue(time);
  const timeId = `waiting-time-${record.entryKey}`;
  const act = (work: () => Promise<void>) => {
    setBusy(true);
    work().finally(() => setBusy(false));
  };
  return (
    <li className="flex flex-col gap-2 border-t border-slate-200 pt-3 first:border-t-0 first:pt-0 dark:border-slate-700">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="flex min-w-0 items-baseline gap-2">
          <span className="font-medium break-words">{record.entry.activity}</span>
          {record.entry.flowState && <FlowBadge />}
        </span>
        <span className="text-sm text-slate-600 dark:text-slate-300">
          {timeText(record.entry.createdAt)}
        </span>
      </div>
      <EntryValues
        energy={record.entry.energy}
        engagement={record.entry.engagement}
        notes={record.entry.notes}
        tags={record.entry.tags}
        answers={linesOf(record.entry.answers, record.entry.createdAt)}
      />
      {record.refusal === undefined ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Waiting to sync</p>
      ) : (
        <>
          <p className="text-sm text-red-800 dark:text-red-200">{`Not accepted: ${record.refusal}`}</p>
          <label htmlFor={timeId} className="field-label">
            Time
          </label>
          <input
            id={timeId}
            type="datetime-local"
            className="text-input"
            value={time}
            onChange={(event) => setTime(event.target.value)}
          />
          <div className="flex gap-3">
            <button
              type="button"
              className="btn-secondary flex-1"
              disabled={busy}
              onClick={() => act(() => discard(record.entryKey))}
            >
              Discard
            </button>
            <button
              type="button"
              className="btn-primary flex-1"
              disabled={busy || !chosen}
              onClick={() => chosen && act(() => retime(record.entryKey, chosen.toISOString()))}
            >
              Send Again
            </button>
          </div>
        </>
      )}
    </li>
  );
}
