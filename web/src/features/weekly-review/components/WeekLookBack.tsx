import { CardSection } from '../../../components/CardSection.tsx';
import type { WeekActivity, WeekInReview } from '../api/get-week-in-review.ts';

const entriesText = (n: number) =>
  n === 1 ? '1 entry, a figure that rests on one entry' : `${n} entries`;

function ActivityList({ rows, empty }: { rows: WeekActivity[]; empty: string }) {
  if (rows.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>;
  return (
    <ul className="flex flex-col gap-1">
      {rows.map((row) => (
        <li key={row.key} className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-medium break-words">{row.name}</span>
          <span className="text-sm text-slate-700 dark:text-slate-200">
            {`average energy ${Math.round(row.avg_energy)}% · ${entriesText(row.entries)}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

const flowTime = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** The week's three lists, as week_in_review computed them. */
export function WeekLookBack({ week }: { week: WeekInReview }) {
  const threshold = week.thresholds.energizer_min_energy;
  return (
    <>
      <CardSection
        headingId="review-energized"
        title="What gave you energy"
        headingClassName="mb-2 text-lg font-semibold"
      >
        <ActivityList
          rows={week.energized}
          empty={`No activity averaged ${threshold}% energy or more this week.`}
        />
      </CardSection>
      <CardSection
        headingId="review-drained"
        title="What drained you"
        headingClassName="mb-2 text-lg font-semibold"
      >
        <ActivityList
          rows={week.drained}
          empty={`No activity averaged below ${threshold}% energy this week.`}
        />
      </CardSection>
      <CardSection
        headingId="review-flow"
        title="Flow moments"
        headingClassName="mb-2 text-lg font-semibold"
      >
        {week.flow.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            No entry this week was in flow.
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {week.flow.map((moment) => (
              <li key={moment.created_at}>
                <span className="font-medium break-words">{moment.activity}</span>{' '}
                <time
                  dateTime={moment.created_at}
                  className="text-sm text-slate-700 dark:text-slate-200"
                >
                  {flowTime.format(new Date(moment.created_at))}
                </time>
                {moment.notes && (
                  <p className="text-sm break-words whitespace-pre-wrap">{moment.notes}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardSection>
    </>
  );
}
