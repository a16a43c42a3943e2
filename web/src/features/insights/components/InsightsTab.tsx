import { CardSection } from '../../../components/CardSection.tsx';
import { useState, type ReactNode } from 'react';
import { errorMessage, isNoAnswer } from '../../../lib/error-message.ts';
import { OfflineNote } from '../../../components/OfflineNote.tsx';
import { useBrowserOffline } from '../../../lib/use-browser-offline.ts';
import type { Insights } from '../api/get-insights.ts';
import { useInsights } from '../api/get-insights.ts';
import { DEFAULT_PERIOD, type PeriodId } from '../periods.ts';
import { weekSentences } from '../week-sentences.ts';
import { AverageBars } from './AverageBars.tsx';
import { ComparisonSection } from './ComparisonSection.tsx';
import { EnergyMap } from './EnergyMap.tsx';
import { HowCalculated } from './HowCalculated.tsx';
import { InsightsSkeleton } from './InsightsSkeleton.tsx';
import { NeedsMoreSection } from './NeedsMoreSection.tsx';
import { OwnQuestionsSection } from './OwnQuestionsSection.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';
import { RankingSection } from './RankingSection.tsx';
import { TrendChart } from './TrendChart.tsx';
import { WhatToTry } from './WhatToTry.tsx';
import { YearInPixels } from './YearInPixels.tsx';

interface Props {
  /** Opens Look Back filtered to one activity. */
  onOpenActivity: (name: string) => void;
  /** Opens Track, from the empty state. */
  onTrack: () => void;
  /** Opens Look Back on one local date (YYYY-MM-DD). */
  onOpenDay: (day: string) => void;
}

interface TabProps extends Props {
  /** The "Weekly review" section (docs/product.md 10.1), which the app puts here. */
  weeklyReview?: ReactNode;
}

const PARTS = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening', night: 'Night' };
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Which activities give energy and which drain it (docs/decisions/017). */
export default function InsightsTab({
  onOpenActivity,
  onTrack,
  onOpenDay,
  weeklyReview,
}: TabProps) {
  const [period, setPeriod] = useState<PeriodId>(DEFAULT_PERIOD);
  const insights = useInsights(period);
  // Offline, the numbers loaded last stay, marked as such (docs/product.md).
  // At once when the browser knows it is offline (the app may have started
  // with what the device kept, docs/decisions/045), else when a refresh got no answer.
  const browserOffline = useBrowserOffline();
  const offlineWithData =
    insights.data !== undefined &&
    (browserOffline || (insights.isError && isNoAnswer(insights.error)));

  return (
    <section aria-labelledby="insights-heading">
      <h1 id="insights-heading" className="mb-4 text-2xl font-semibold tracking-tight">
        Insights
      </h1>
      {weeklyReview}
      <PeriodPicker value={period} onChange={setPeriod} />
      {offlineWithData && <OfflineNote />}
      {insights.isPending ? (
        <InsightsSkeleton />
      ) : insights.data === undefined || (insights.isError && !offlineWithData) ? (
        <div role="alert" className="card flex flex-col items-start gap-3">
          <p className="text-red-800 dark:text-red-200">
            {`Could not load insights: ${errorMessage(insights.error)}`}
          </p>
          <button type="button" className="btn-secondary" onClick={() => void insights.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-4" aria-busy={insights.isFetching}>
          <InsightsBody
            data={insights.data}
            onOpenActivity={onOpenActivity}
            onTrack={onTrack}
            onOpenDay={onOpenDay}
          />
        </div>
      )}
    </section>
  );
}

function InsightsBody({ data, onOpenActivity, onTrack, onOpenDay }: Props & { data: Insights }) {
  const periodEmpty = data.entries === 0;
  const { min_entries: minEntries, energizer_min_energy: energizerMin } = data.thresholds;
  return (
    <>
      {periodEmpty ? (
        <div className="card flex flex-col items-start gap-3" role="status">
          <p>
            {data.period_days === null
              ? 'No entries yet. Log a few activities, and here you will see which ones give you energy.'
              : 'No entries in this period. Choose a longer period, or log an activity.'}
          </p>
          <button type="button" className="btn-primary" onClick={onTrack}>
            Track an activity
          </button>
        </div>
      ) : (
        data.ranked.length === 0 && (
          <p className="card" role="status">
            {`Nothing ranked yet: an activity is ranked once it has ${minEntries} entries in the period. Keep logging, using the same names.`}
          </p>
        )
      )}
      {!periodEmpty && <WhatToTry suggestions={data.to_try} />}
      <RankingSection
        id="insights-energizers"
        title="Energizers"
        description={`Activities averaging ${energizerMin}% energy or more, highest first.`}
        rows={data.energizers}
        empty={`No activity averages ${energizerMin}% energy or more yet.`}
        onOpen={onOpenActivity}
      />
      <RankingSection
        id="insights-drainers"
        title="Drainers"
        description={`Activities averaging below ${energizerMin}% energy, lowest first.`}
        rows={data.drainers}
        empty={`No activity averages below ${energizerMin}% energy.`}
        onOpen={onOpenActivity}
      />
      <NeedsMoreSection rows={data.needs_more} minEntries={minEntries} onOpen={onOpenActivity} />
      <EnergyMap rows={data.ranked} thresholds={data.thresholds} />
      {(['energy', 'engagement'] as const).map((measure) => (
        <ComparisonSection
          key={measure}
          id={`insights-more-${measure}`}
          title={`What goes with more ${measure}`}
          measure={measure}
          rows={data.comparisons[measure]}
          comparisonsMade={data.comparisons_made}
          typical={data.typical_activities[measure]}
          thresholds={data.thresholds}
        />
      ))}
      <OwnQuestionsSection
        questions={data.own_questions}
        thresholds={data.thresholds}
        comparisonsMade={data.comparisons_made}
      />
      <CardSection headingId="insights-trends" title="Trends" className="flex flex-col gap-5">
        <TrendChart insights={data} />
        <AverageBars
          title="By part of the day"
          note="Average energy; morning 5–12, afternoon 12–17, evening 17–22, night 22–5."
          rows={data.parts_of_day.map((p) => ({ ...p, label: PARTS[p.part] }))}
        />
        <AverageBars
          title="By weekday"
          note="Average energy on each day of the week."
          rows={data.weekdays.map((d) => ({ ...d, label: WEEKDAYS[d.weekday - 1] ?? '' }))}
        />
      </CardSection>
      <CardSection
        headingId="insights-week"
        title="This week"
        headingClassName="mb-2 text-lg font-semibold"
      >
        <ul className="flex flex-col gap-1">
          {weekSentences(data.week).map((sentence) => (
            <li key={sentence}>{sentence}</li>
          ))}
        </ul>
      </CardSection>
      <YearInPixels onOpenDay={onOpenDay} />
      <HowCalculated timeZone={data.time_zone} thresholds={data.thresholds} />
    </>
  );
}
