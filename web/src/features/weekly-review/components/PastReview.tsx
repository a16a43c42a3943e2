import type { WeeklyReviewRow } from '../../../journal/weekly-review-row.ts';
import { AEIOU } from '../aeiou.ts';
import { planName } from '../plan-sentences.ts';
import { weekOf } from '../weeks.ts';

/** One saved review, folded: "Week of <Monday>"; opened, its reflections and experiment. */
export function PastReview({ review, onOpen }: { review: WeeklyReviewRow; onOpen: () => void }) {
  const reflections = AEIOU.filter(({ field }) => review[field].trim() !== '');
  const plan = [
    { label: 'Do more of', kind: review.more_kind, name: review.more_name },
    { label: 'Do less of', kind: review.less_kind, name: review.less_name },
  ];
  return (
    <details className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
      <summary className="min-h-10 cursor-pointer py-2 font-medium">
        {weekOf(review.week_start)}
      </summary>
      <dl className="flex flex-col gap-2 pb-2">
        {reflections.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-300">No reflections written.</p>
        )}
        {reflections.map(({ field, label }) => (
          <div key={field}>
            <dt className="text-sm font-semibold">{label}</dt>
            <dd className="break-words whitespace-pre-wrap">{review[field]}</dd>
          </div>
        ))}
        {plan.map(({ label, kind, name }) => (
          <div key={label}>
            <dt className="text-sm font-semibold">{label}</dt>
            <dd className="break-words">
              {kind && name !== null ? planName(kind, name) : 'Nothing chosen'}
            </dd>
          </div>
        ))}
        {review.how.trim() !== '' && (
          <div>
            <dt className="text-sm font-semibold">How</dt>
            <dd className="break-words whitespace-pre-wrap">{review.how}</dd>
          </div>
        )}
      </dl>
      <button type="button" className="btn-secondary mb-2" onClick={onOpen}>
        Open this review
      </button>
    </details>
  );
}
