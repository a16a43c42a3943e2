import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { MessageBox } from '../../../components/MessageBox.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { DEFAULT_FILTERS, filtersActive, type HistoryFilters } from '../filters.ts';
import { useActivities, useHasAnyActivity } from '../api/get-activities.ts';
import { ActivityList } from './ActivityList.tsx';
import { FiltersPanel } from './FiltersPanel.tsx';

/** Slider drags and typing settle for this long before the database is asked. */
const FILTER_DEBOUNCE_MS = 250;

/** What search_entries accepts (server/db/app/functions/search_entries.sql). */
const SEARCH_MAX_LENGTH = 200;

/** `activity` opens the list filtered to that activity (from Insights). */
export function HistoryTab({ activity = '' }: { activity?: string }) {
  const panelId = useId();
  const [showFilters, setShowFilters] = useState(activity !== '');
  const [filters, setFilters] = useState<HistoryFilters>({ ...DEFAULT_FILTERS, activity });
  const appliedFilters = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const history = useActivities(appliedFilters);
  const activities = history.data?.pages.flat() ?? [];
  const filtered = filtersActive(appliedFilters);
  const emptyWithFilters = history.isSuccess && activities.length === 0 && filtered;
  const anyActivity = useHasAnyActivity(emptyWithFilters);
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

      {history.isPending ? (
        <Spinner label="Loading activities" />
      ) : history.isError ? (
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
