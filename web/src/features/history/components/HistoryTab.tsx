import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { MessageBox } from '../../../components/MessageBox.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessage, isNoAnswer } from '../../../lib/error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useBrowserOffline } from '../../../lib/use-browser-offline.ts';
import { DEFAULT_FILTERS, filtersActive, type HistoryFilters } from '../filters.ts';
import { useActivities, useHasAnyActivity } from '../api/get-activities.ts';
import { ActivityList } from './ActivityList.tsx';
import { DayFilter } from './DayFilter.tsx';
import { FiltersPanel } from './FiltersPanel.tsx';
import { WaitingEntries } from './WaitingEntries.tsx';
import { OfflineNote } from '../../../components/OfflineNote.tsx';

/** Slider drags and typing settle for this long before the database is asked. */
const FILTER_DEBOUNCE_MS = 250;

/** What search_entries accepts (server/db/app/functions/search_entries.sql). */
const SEARCH_MAX_LENGTH = 200;

/**
 * `activity` opens the list filtered to that activity, `day` to one local
 * date (both from Insights).
 */
export function HistoryTab({
  activity = '',
  day = '',
  onDayCleared,
}: {
  activity?: string;
  day?: string;
  /** 'Show all days' was chosen (the app drops the day from the address). */
  onDayCleared?: () => void;
}) {
  const panelId = useId();
  const [showFilters, setShowFilters] = useState(activity !== '');
  const [filters, setFilters] = useState<HistoryFilters>({ ...DEFAULT_FILTERS, activity, day });
  const appliedFilters = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const history = useActivities(appliedFilters);
  const activities = history.data?.pages.flat() ?? [];
  const filtered = filtersActive(appliedFilters);
  const emptyWithFilters = history.isSuccess && activities.length === 0 && filtered;
  const anyActivity = useHasAnyActivity(emptyWithFilters);
  // Offline, the list loaded last stays, marked as such (docs/product.md).
  // At once when the browser knows it is offline (the app may have started
  // with what the device kept, docs/decisions/045), else when a refresh got no answer.
  const browserOffline = useBrowserOffline();
  const offlineWithData =
    activities.length > 0 &&
    (browserOffline ||
      (history.isError && !history.isFetchNextPageError && isNoAnswer(history.error)));
  const loadMoreError = history.isFetchNextPageError ? errorMessage(history.error) : undefined;

  return (
    <section aria-labelledby="history-heading">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h1 id="history-heading" className="text-2xl font-semibold tracking-tight">
          Activity History
        </h1>
        <button
          type="button"
          className="btn-secondary min-h-10 px-3 text-sm"
          aria-expanded={showFilters}
          aria-controls={showFilters ? panelId : undefined}
          onClick={() => setShowFilters((open) => !open)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filters
          {filtersActive({ ...filters, search: '' }) && (
            <>
              <span aria-hidden="true" className="size-2 rounded-full bg-violet-600" />
              <span className="sr-only">(active)</span>
            </>
          )}
        </button>
      </div>

      <div className="mb-4">
        <label htmlFor={`${panelId}-search`} className="sr-only">
          Search entries
        </label>
        <input
          id={`${panelId}-search`}
          type="search"
          className="text-input"
          autoComplete="off"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Search entries"
          value={filters.search}
          onChange={(e) => setFilters((current) => ({ ...current, search: e.target.value }))}
        />
      </div>

      {showFilters && <FiltersPanel id={panelId} filters={filters} onChange={setFilters} />}
      {filters.day !== '' && (
        <DayFilter
          day={filters.day}
          onClear={() => {
            setFilters({ ...filters, day: '' });
            onDayCleared?.();
          }}
        />
      )}

      <WaitingEntries />

      {offlineWithData && <OfflineNote />}

      {history.isPending ? (
        <Spinner label="Loading activities" />
      ) : history.isError && !offlineWithData ? (
        <MessageBox kind="error">{`Error loading activities: ${errorMessage(history.error)}`}</MessageBox>
      ) : activities.length === 0 ? (
        <EmptyMessage
          text={
            filtered && anyActivity.data !== false
              ? 'No activities match the filters.'
              : 'No activities recorded yet.'
          }
          pending={emptyWithFilters && anyActivity.isPending}
        />
      ) : (
        <ActivityList
          activities={activities}
          hasMore={history.hasNextPage}
          loadingMore={history.isFetchingNextPage}
          onLoadMore={() => void history.fetchNextPage()}
          loadMoreError={loadMoreError}
        />
      )}
    </section>
  );
}

function EmptyMessage({ text, pending }: { text: string; pending: boolean }) {
  if (pending) return <Spinner label="Loading activities" />;
  return (
    <p className="card text-center text-slate-600 dark:text-slate-300" role="status">
      {text}
    </p>
  );
}
