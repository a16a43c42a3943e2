import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { emptyReview } from '../aeiou.ts';
import { usePlanChoices } from '../api/get-plan-choices.ts';
import { useReviews } from '../api/get-reviews.ts';
import { useWeekInReview } from '../api/get-week-in-review.ts';
import { weekHeading } from '../weeks.ts';
import { LastWeekPlan } from './LastWeekPlan.tsx';
import { ReviewForm } from './ReviewForm.tsx';
import { WeekLookBack } from './WeekLookBack.tsx';

interface Props {
  /** The week's Monday, YYYY-MM-DD. */
  monday: string;
  /** Back to the Insights tab. */
  onBack: () => void;
}

/** One week's review (docs/product.md 10.1): the look back, last week's plan checked, the form. */
export default function WeeklyReviewScreen({ monday, onBack }: Props) {
  const week = useWeekInReview(monday);
  const reviews = useReviews();
  const choices = usePlanChoices();
  const heading = useRef<HTMLHeadingElement>(null);
  // A new screen: focus its heading, so a screen reader starts here.
  useEffect(() => heading.current?.focus(), [monday]);
  const failed = week.error ?? reviews.error ?? choices.error;

  return (
    <section aria-labelledby="review-heading" className="flex flex-col gap-4">
      <button type="button" className="btn-secondary self-start" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        Back to Insights
      </button>
      <h1
        id="review-heading"
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-semibold tracking-tight"
      >
        {weekHeading(monday)}
      </h1>
      {failed ? (
        <div role="alert" className="card flex flex-col items-start gap-3">
          <p className="text-red-800 dark:text-red-200">
            {`Could not load the review: ${errorMessage(failed)}`}
          </p>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              void week.refetch();
              void reviews.refetch();
              void choices.refetch();
            }}
          >
            Try again
          </button>
        </div>
      ) : !week.data || !reviews.data || !choices.data ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <div className="skeleton h-32" />
          <div className="skeleton h-32" />
        </div>
      ) : (
        <>
          <WeekLookBack week={week.data} />
          {week.data.planned && <LastWeekPlan planned={week.data.planned} />}
          <ReviewForm
            key={monday}
            initial={reviews.data.find((r) => r.week_start === monday) ?? emptyReview(monday)}
            choices={choices.data}
          />
        </>
      )}
    </section>
  );
}
