import { CardSection } from '../../../components/CardSection.tsx';
import type { WeekActivity, WeekInReview } from '../api/get-week-in-review.ts';
import { FlowMomentItem } from './FlowMomentItem.tsx';

const entriesText = (n: number) =>
  n === 1 ? '1 entry, a figure that rests on one entry' : `${n} entries`;

/** Said under a list the answer cut short: it holds at most 50 items (ADR 087). */
function CutShort({ shown, text }: { shown: boolean; text: string }) {
  if (!shown) return null;
  return <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{text}</p>;
}

function ActivityList({
  rows,
  count,
  empty,
}: {
  rows: WeekActivity[];
  count: number;
  empty: string;
}) {
  if (rows.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>;
  return (
    <>
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
      <CutShort shown={count > rows.length} text={`${rows.length} of ${count} activities shown.`} />
    </>
  );
}

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
          count={week.energized_count}
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
          count={week.drained_count}
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
          <>
            <ul className="flex flex-col gap-2">
              {week.flow.map((moment) => (
                <FlowMomentItem key={moment.created_at} moment={moment} />
              ))}
            </ul>
            <CutShort
              shown={week.flow_count > week.flow.length}
              text={`The ${week.flow.length} most recent of ${week.flow_count} flow moments.`}
            />
          </>
        )}
      </CardSection>
    </>
  );
}
