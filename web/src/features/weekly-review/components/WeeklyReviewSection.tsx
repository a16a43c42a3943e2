import { CardSection } from '../../../components/CardSection.tsx';
import { addDays } from '../../../lib/calendar-days.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useReviews } from '../api/get-reviews.ts';
import { thisMonday } from '../weeks.ts';
import { PastReview } from './PastReview.tsx';

/**
 * Insights' "Weekly review" (docs/product.md 10.1): open this week's or last
 * week's review, and every saved review under "Past reviews".
 */
export default function WeeklyReviewSection({
  onOpenWeek,
}: {
  /** Opens the review of the week starting on that Monday. */
  onOpenWeek: (monday: string) => void;
}) {
  const reviews = useReviews();
  const monday = thisMonday();
  return (
    <CardSection
      headingId="weekly-review-heading"
      title="Weekly review"
      className="mb-4 flex flex-col gap-3"
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Look back on a week, Monday to Sunday, and plan one experiment for the next.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <button type="button" className="btn-primary" onClick={() => onOpenWeek(monday)}>
          Review this week
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => onOpenWeek(addDays(monday, -7))}
        >
          Review last week
        </button>
      </div>
      <h3 id="past-reviews-heading" className="font-semibold">
        Past reviews
      </h3>
      {reviews.isError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          {`Could not load your reviews: ${errorMessage(reviews.error)}`}
        </p>
      ) : reviews.data === undefined ? (
        <div className="skeleton h-10" aria-busy="true" />
      ) : reviews.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No reviews saved yet.</p>
      ) : (
        <ul aria-labelledby="past-reviews-heading" className="flex flex-col gap-2">
          {reviews.data.map((review) => (
            <li key={review.week_start}>
              <PastReview review={review} onOpen={() => onOpenWeek(review.week_start)} />
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
