import { ChartNoAxesCombined, History, NotebookPen, UserRound } from 'lucide-react';
import { lazy, Suspense, use, useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../lib/router/router.tsx';
import { AppUpdateBanner } from '../components/AppUpdateBanner.tsx';
import { BrandMark } from '../components/BrandMark.tsx';
import { OutboxIndicator } from '../components/OutboxIndicator.tsx';
import { useAppUpdates } from '../lib/app-updates.ts';
import { ArrivalNotice } from './ArrivalNotice.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { SignedInProviders } from './SignedInProviders.tsx';
import { TabBar, type TabDefinition } from '../components/TabBar.tsx';
import { ToastProvider } from '../components/toast.tsx';
import { HistoryTab } from '../features/history/components/HistoryTab.tsx';
import { dayBounds } from '../features/history/filters.ts';
import { usePrefetchHistory } from '../features/history/api/get-activities.ts';
import { InsightsSkeleton } from '../features/insights/components/InsightsSkeleton.tsx';
import { usePrefetchInsights } from '../features/insights/api/get-insights.ts';
import { PushChannel } from '../features/reminders/components/PushChannel.tsx';
import { ProfileTab } from '../features/profile/components/ProfileTab.tsx';
import { RemindersSection } from '../features/reminders/components/RemindersSection.tsx';
import { TrackTab } from '../features/track/components/TrackTab.tsx';
import { YourDataSection } from '../features/your-data/components/YourDataSection.tsx';
import { isReviewAddress, reviewWeekInAddress } from '../features/weekly-review/review-address.ts';
import { REVIEW_PATH, reviewPath } from '../features/weekly-review/weeks.ts';

// The weekly review (docs/product.md 10.1) loads with the Insights tab's
// section or its own address, never with Track.
const WeeklyReviewScreen = lazy(
  () => import('../features/weekly-review/components/WeeklyReviewScreen.tsx'),
);
const WeeklyReviewSection = lazy(
  () => import('../features/weekly-review/components/WeeklyReviewSection.tsx'),
);

// Insights and its charts are a chunk of their own (docs/decisions/018): never
// part of the login screen, fetched once the signed-in app is idle, together
// with the default period's numbers (one small query in the database). Once it is
// here the tab renders at once; React.lazy would suspend even then, and React
// holds a shown fallback for at least 300 ms.
type InsightsModule = typeof import('../features/insights/components/InsightsTab.tsx');
let insightsModule: InsightsModule | undefined;
let insightsChunk: Promise<InsightsModule> | undefined;
const loadInsights = () =>
  (insightsChunk ??= import('../features/insights/components/InsightsTab.tsx').then(
    (loaded) => (insightsModule = loaded),
  ));

function InsightsPanel(props: React.ComponentProps<InsightsModule['default']>) {
  const { default: InsightsTab } = insightsModule ?? use(loadInsights());
  return <InsightsTab {...props} />;
}
const PRELOAD_DELAY_MS = 1500;

type TabId = 'track' | 'history' | 'insights' | 'profile';

const TABS: readonly TabDefinition<TabId>[] = [
  { id: 'track', label: 'Track', icon: NotebookPen },
  { id: 'history', label: 'Look Back', icon: History },
  { id: 'insights', label: 'Insights', icon: ChartNoAxesCombined },
  { id: 'profile', label: 'Profile', icon: UserRound },
];

const INSIGHTS_PATH = '/insights';

/** The signed-in app: four tabs kept in page state (docs/product.md 2), Track first; Insights also at /insights. */
export default function MainApp() {
  return (
    <RequireAuth>
      <SignedInProviders>
        <SignedInApp />
      </SignedInProviders>
    </RequireAuth>
  );
}

function SignedInApp() {
  const location = useLocation();
  const navigate = useNavigate();
  // `/?day=2026-03-14` is Look Back on that day (from Year in pixels), so the
  // address can be reloaded or kept.
  const [linkedDay] = useState(() => dayInAddress(location.pathname, location.search));
  // `/insights/review[/YYYY-MM-DD]` is a week's review within Insights.
  const reviewWeek = reviewWeekInAddress(location.pathname);
  // A review address whose date is not one (a mistyped or cut link) opens
  // this week's review, the address corrected, not Track.
  const badReviewAddress = isReviewAddress(location.pathname) && !reviewWeek;
  useEffect(() => {
    if (badReviewAddress) navigate(REVIEW_PATH, { replace: true });
  }, [badReviewAddress, navigate]);
  const [tab, setTab] = useState<TabId>(
    location.pathname === INSIGHTS_PATH || isReviewAddress(location.pathname)
      ? 'insights'
      : linkedDay
        ? 'history'
        : 'track',
  );
  // The activity Look Back opens filtered to, when a row of Insights is chosen.
  const [historyActivity, setHistoryActivity] = useState('');
  // The day Look Back opens on, when a day of Insights' Year in pixels is chosen.
  const [historyDay, setHistoryDay] = useState(linkedDay);
  usePrefetchHistory();
  const applyUpdate = useAppUpdates();
  const prefetchInsights = usePrefetchInsights();
  useEffect(() => {
    const timer = setTimeout(() => {
      void loadInsights();
      prefetchInsights();
    }, PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [prefetchInsights]);

  function select(next: TabId) {
    setTab(next);
    if (next !== 'history') {
      setHistoryActivity('');
      setHistoryDay('');
    }
    const path = next === 'insights' ? INSIGHTS_PATH : '/';
    if (location.pathname !== path || location.search !== '') navigate(path, { replace: true });
  }

  return (
    <ToastProvider>
      <ArrivalNotice />
      <div className="min-h-dvh pb-[calc(4.5rem+env(safe-area-inset-bottom))]">
        <header className="mx-auto flex max-w-xl items-center gap-2 px-4 pt-5 sm:px-6">
          <BrandMark className="size-8" />
          <span className="font-semibold">Energy Tracker</span>
          <OutboxIndicator onOpen={() => select('history')} />
        </header>
        {applyUpdate && <AppUpdateBanner applyUpdate={applyUpdate} />}
        <main
          id={`main-panel-${tab}`}
          role="tabpanel"
          aria-labelledby={`main-tab-${tab}`}
          className="mx-auto max-w-xl px-4 py-5 sm:px-6"
        >
          {tab === 'track' && <TrackTab />}
          {tab === 'history' && (
            <HistoryTab
              key={`${historyActivity}|${historyDay}`}
              activity={historyActivity}
              day={historyDay}
              onDayCleared={() => navigate('/', { replace: true })}
            />
          )}
          <Suspense fallback={<InsightsSkeleton />}>
            {tab === 'insights' && reviewWeek && (
              <WeeklyReviewScreen
                key={reviewWeek}
                monday={reviewWeek}
                onBack={() => navigate(INSIGHTS_PATH)}
              />
            )}
            {tab === 'insights' && !reviewWeek && (
              <InsightsPanel
                weeklyReview={
                  <Suspense fallback={null}>
                    <WeeklyReviewSection onOpenWeek={(monday) => navigate(reviewPath(monday))} />
                  </Suspense>
                }
                onOpenActivity={(name) => {
                  select('history');
                  setHistoryActivity(name);
                }}
                onOpenDay={(day) => {
                  setTab('history');
                  setHistoryActivity('');
                  setHistoryDay(day);
                  navigate(`/?day=${day}`, { replace: true });
                }}
                onTrack={() => select('track')}
              />
            )}
          </Suspense>
          {tab === 'profile' && (
            <ProfileTab
              yourData={<YourDataSection />}
              reminders={<RemindersSection pushChannel={<PushChannel />} />}
            />
          )}
        </main>
      </div>
      <TabBar tabs={TABS} selected={tab} onSelect={select} idPrefix="main" />
    </ToastProvider>
  );
}

/** The day a `/?day=YYYY-MM-DD` address names, or '' (also for text that names no date). */
function dayInAddress(pathname: string, search: string): string {
  if (pathname !== '/') return '';
  const day = new URLSearchParams(search).get('day') ?? '';
  return dayBounds(day) ? day : '';
}
