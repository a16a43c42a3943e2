import { Target, Zap } from 'lucide-react';
import { intensityOf, TEXT_CLASS, type Measure } from '../../../lib/intensity-colors.ts';
import type { AnswerLine } from '../answer-lines.ts';

// What Look Back shows of an entry's values, the same for a stored entry
// (ActivityListItem) and one still waiting on this device (WaitingEntries).

export function FlowBadge() {
  return (
    <span className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800 dark:bg-violet-900 dark:text-violet-100">
      Flow
    </span>
  );
}

interface Values {
  energy: number;
  engagement: number;
  notes: string | null | undefined;
  tags: readonly string[] | null | undefined;
  /** The answers to the person's own questions (answer-lines.ts). */
  answers?: readonly AnswerLine[] | undefined;
}

/** Energy and engagement, then the notes, the tags and the own answers when there are any. */
export function EntryValues({ energy, engagement, notes, tags, answers = [] }: Values) {
  return (
    <>
      <div className="flex gap-5 text-sm">
        <Measurement measure="energy" label="Energy" value={energy} />
        <Measurement measure="engagement" label="Engagement" value={engagement} />
      </div>
      {notes && (
        <p className="text-sm whitespace-pre-line text-slate-700 dark:text-slate-200">{notes}</p>
      )}
      {tags && tags.length > 0 && (
        // A group, not a list: the card is already an item of a list.
        <div role="group" aria-label="Tags" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <span
              key={tag}
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium break-all text-slate-800 dark:bg-slate-800 dark:text-slate-100"
            >
              {tag}
            </span>
          ))}
        </div>
      )}
      {answers.length > 0 && (
        <div role="group" aria-label="Your questions" className="flex flex-col gap-0.5 text-sm">
          {answers.map(({ questionId, text }) => (
            <p key={questionId} className="break-words text-slate-700 dark:text-slate-200">
              {text}
            </p>
          ))}
        </div>
      )}
    </>
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
