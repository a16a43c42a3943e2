import { History, NotebookPen, UserRound } from 'lucide-react';
import { useState } from 'react';
import { BrandMark } from '../components/BrandMark.tsx';
import { ArrivalNotice } from './ArrivalNotice.tsx';
import { TabBar, type TabDefinition } from '../components/TabBar.tsx';
import { ToastProvider } from '../components/toast.tsx';
import { HistoryTab } from '../features/history/components/HistoryTab.tsx';
import { usePrefetchHistory } from '../features/history/hooks/use-activities.ts';
import { ProfileTab } from '../features/profile/components/ProfileTab.tsx';
import { TrackTab } from '../features/track/components/TrackTab.tsx';

type TabId = 'track' | 'history' | 'profile';

const TABS: readonly TabDefinition<TabId>[] = [
  { id: 'track', label: 'Track', icon: NotebookPen },
  { id: 'history', label: 'Look Back', icon: History },
  { id: 'profile', label: 'Profile', icon: UserRound },
];

const PANELS: Record<TabId, () => React.JSX.Element> = {
  track: TrackTab,
  history: HistoryTab,
  profile: ProfileTab,
};

/** The signed-in app: three tabs kept in page state (SPEC 2), Track first. */
export default function MainApp() {
  const [tab, setTab] = useState<TabId>('track');
  usePrefetchHistory();
  const Panel = PANELS[tab];
  return (
    <ToastProvider>
      <ArrivalNotice />
      <div className="min-h-dvh pb-[calc(4.5rem+env(safe-area-inset-bottom))]">
        <header className="mx-auto flex max-w-xl items-center gap-2 px-4 pt-5 sm:px-6">
          <BrandMark className="size-8" />
          <span className="font-semibold">Energy Tracker</span>
        </header>
        <main
          id={`main-panel-${tab}`}
          role="tabpanel"
          aria-labelledby={`main-tab-${tab}`}
          className="mx-auto max-w-xl px-4 py-5 sm:px-6"
        >
          <Panel />
        </main>
      </div>
      <TabBar tabs={TABS} selected={tab} onSelect={setTab} idPrefix="main" />
    </ToastProvider>
  );
}
