import type { Thresholds } from '../api/get-insights.ts';

/** How the numbers above come about, in plain words. */
export function HowCalculated({
  timeZone,
  thresholds: { min_entries, energizer_min_energy, max_listed, comparison_min_each },
}: {
  timeZone: string;
  thresholds: Thresholds;
}) {
  return (
    <section
      aria-labelledby="insights-how"
      className="card text-sm text-slate-700 dark:text-slate-200"
    >
      <h2
        id="insights-how"
        className="mb-2 text-lg font-semibold text-slate-900 dark:text-slate-50"
      >
        How these numbers are calculated
      </h2>
      <ul className="flex list-disc flex-col gap-1.5 pl-5">
        <li>
          Entries are grouped by activity name, ignoring upper and lower case and extra spaces; the
          most recent spelling is shown.
        </li>
        <li>
          Energy and engagement are plain averages over an activity&apos;s entries in the chosen
          period. Flow is the share of those entries marked as flow.
        </li>
        <li>
          {`An activity is ranked once it has at least ${min_entries} entries. Energizers average ${energizer_min_energy}% energy or more (highest first); Drainers average below ${energizer_min_energy}% (lowest first); up to ${max_listed} of each.`}
        </li>
        <li>
          The bar under each activity is a 95% interval for its average energy: average ± t ×
          standard deviation ÷ √entries, with t from Student&apos;s t distribution (4.3 for 3
          entries, about 2 for 30 or more). Few or very different entries give a wide bar: the
          average is less sure.
        </li>
        <li>
          {`What goes with more energy compares the average energy of the entries of an activity or a tag with the average of the entries without it in the period, once there are at least ${comparison_min_each} of each. Tags are grouped like activity names, ignoring upper and lower case and extra spaces; an entry counts for each of its tags. The difference is in points (percentage points). Its 95% interval is Welch's: difference ± t × √(variance with ÷ entries with + variance without ÷ entries without), with t from Student's t distribution for the Welch–Satterthwaite degrees of freedom. Differences whose interval lies wholly above or below zero are listed first, largest first. Engagement is compared the same way.`}
        </li>
        <li>
          With many activities and tags compared, about 1 in 20 intervals can miss zero by chance
          alone: a difference goes with your energy, it does not show that one causes the other.
        </li>
        <li>
          Days, weeks (Monday to Sunday), parts of the day and weekdays are in your time zone,{' '}
          {timeZone}. Morning is 5:00–12:00, afternoon 12:00–17:00, evening 17:00–22:00 and night
          22:00–5:00.
        </li>
      </ul>
    </section>
  );
}
