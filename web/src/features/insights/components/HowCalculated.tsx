import type { Thresholds } from '../api/get-insights.ts';

/** How the numbers above come about, in plain words. */
export function HowCalculated({
  timeZone,
  thresholds: {
    min_entries,
    energizer_min_energy,
    max_listed,
    comparison_min_each,
    comparison_min_days,
    false_discovery_rate,
    max_compared_questions,
    question_min_days,
    question_min_days_each_answer,
    question_min_level_days,
  },
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
          What goes with more energy compares entries within the same day, at the same time of day
          (in blocks of two or three hours), with every other activity and tag held fixed: one model
          over the period&apos;s entries. So a good night&apos;s sleep, a bad day or a weekday
          cancels out, and a tag that comes with an activity is not credited with what the activity
          does.
        </li>
        <li>
          An activity is compared with your typical activity: the average of the middle half of your
          activities, so that one strong drainer does not make every other activity look good. A tag
          is compared with entries without it. Engagement is compared the same way.
        </li>
        <li>
          {`Entries of one day are alike, so the 95% interval counts days, not entries: it comes from how much the days differ, with Student's t for the days that have entries both with and without it, less one. A factor seen on few days gets a wide interval. It is compared once it has ${comparison_min_each} entries in the period, ${comparison_min_each} without it, and ${comparison_min_days} days with both.`}
        </li>
        <li>
          {`Many comparisons find something by chance alone. A difference is clear only when it stays clear after all of this screen's comparisons are counted (Benjamini–Hochberg, at most ${Math.round(false_discovery_rate * 100)}% false findings expected), and its interval lies wholly above or below zero. The others are folded under Not clear yet, with about how many more days would usually settle them.`}
        </li>
        <li>
          {`A yes-or-no question of your own that you answer with every entry is compared like a tag, but Yes against the entries answered No; entries where it was left unanswered count for neither. At most ${max_compared_questions} such questions are compared, those answered most.`}
        </li>
        <li>
          {`Your questions: a question asked once a day is related to the day's average energy, one point per day (the day's answer is the latest one given that day), by a straight line across the days, with Student's t for the days less two. A question asked with every entry is related to the energy of the entries that answered it, by a straight line whose interval counts days (clustered by day, with t for the days less one). For a number the line gives the change per unit, for a scale per step, and a once-a-day yes-or-no compares the days answered Yes with those answered No. A question is related once it has answers on ${question_min_days} days (a yes-or-no question also ${question_min_days_each_answer} days of each answer); an answer's own average is shown once it was given on ${question_min_level_days} days.`}
        </li>
        <li>
          Your questions are counted together with the comparisons above, as one screen
          (Benjamini–Hochberg, 5%): a line that does not stay clear could still be chance. Unlike
          the comparisons above, the day and the time of day are not held fixed there, so an answer
          can go with your energy because both go with something else, such as a bad night.
        </li>
        <li>
          What goes with your energy is not shown to cause it: something else you did not log may do
          both. What to try suggests only clear findings; trying one is how you find out.
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
