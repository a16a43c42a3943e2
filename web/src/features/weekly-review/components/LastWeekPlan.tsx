import { CardSection } from '../../../components/CardSection.tsx';
import type { WeekInReview } from '../api/get-week-in-review.ts';
import { checkSentence, PLAN_LABELS } from '../plan-sentences.ts';

/** "Last week you planned": the review of the week before, checked against the journal. */
export function LastWeekPlan({ planned }: { planned: NonNullable<WeekInReview['planned']> }) {
  return (
    <CardSection
      headingId="review-planned"
      title="Last week you planned"
      headingClassName="mb-2 text-lg font-semibold"
    >
      {planned.checks.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Last week’s review chose nothing to do more or less of.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {planned.checks.map((check) => (
            <li key={check.plan}>
              <span className="block text-sm font-semibold">{PLAN_LABELS[check.plan]}</span>
              <span className="break-words">{checkSentence(check)}</span>
            </li>
          ))}
        </ul>
      )}
      {planned.how && (
        <p className="mt-2 text-sm break-words whitespace-pre-wrap">{`How: ${planned.how}`}</p>
      )}
    </CardSection>
  );
}
