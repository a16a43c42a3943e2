import { CardSection } from '../../../components/CardSection.tsx';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { TextAreaField } from '../../../components/form/TextAreaField.tsx';
import {
  REVIEW_TEXT_MAX_LENGTH,
  type WeeklyReviewRow,
} from '../../../journal/weekly-review-row.ts';
import { AEIOU } from '../aeiou.ts';
import type { PlanChoices } from '../api/get-plan-choices.ts';
import { useSaveReview } from '../api/save-review.ts';
import { PlanChoice } from './PlanChoice.tsx';

/** The experiment's two halves and the columns each is saved in. */
const PLANS = [
  { plan: 'more', label: 'Do more of', kind: 'more_kind', name: 'more_name' },
  { plan: 'less', label: 'Do less of', kind: 'less_kind', name: 'less_name' },
] as const;

/** The week's reflections (AEIOU) and one experiment for next week; "Save review". */
export function ReviewForm({
  initial,
  choices,
}: {
  /** The week's saved review, or an empty one. */
  initial: WeeklyReviewRow;
  choices: PlanChoices;
}) {
  const [review, setReview] = useState(initial);
  const save = useSaveReview();
  const set = (change: Partial<WeeklyReviewRow>) => {
    setReview((current) => ({ ...current, ...change }));
    save.reset();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(review);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <CardSection
        headingId="review-reflect"
        title="Reflect on the week"
        className="flex flex-col gap-4"
      >
        {AEIOU.map(({ field, label, help }) => (
          <TextAreaField
            key={field}
            id={`review-${field}`}
            label={label}
            before={
              <p
                id={`review-${field}-help`}
                className="mb-1 text-sm text-slate-600 dark:text-slate-300"
              >
                {help}
              </p>
            }
            aria-describedby={`review-${field}-help`}
            minHeightClass="min-h-20"
            maxLength={REVIEW_TEXT_MAX_LENGTH}
            value={review[field]}
            onChange={(text) => set({ [field]: text })}
          />
        ))}
      </CardSection>
      <CardSection
        headingId="review-experiment"
        title="Your experiment for next week"
        className="flex flex-col gap-4"
      >
        {PLANS.map(({ plan, label, kind, name }) => (
          <PlanChoice
            key={plan}
            id={`review-${plan}`}
            label={label}
            value={{ kind: review[kind], name: review[name] }}
            choices={choices}
            onChange={(choice) => set({ [kind]: choice.kind, [name]: choice.name })}
          />
        ))}
        <TextAreaField
          id="review-how"
          label="How"
          minHeightClass="min-h-20"
          maxLength={REVIEW_TEXT_MAX_LENGTH}
          value={review.how}
          onChange={(how) => set({ how })}
        />
      </CardSection>
      <button type="submit" className="btn-primary w-full" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save review'}
      </button>
      <p role="status" className="text-sm text-green-800 dark:text-green-200">
        {save.isSuccess ? 'Review saved.' : ''}
      </p>
      {save.isError && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          {`Could not save the review: ${errorMessage(save.error)}`}
        </p>
      )}
    </form>
  );
}
