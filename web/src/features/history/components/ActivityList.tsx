import { useCallback, useEffect, useRef, useState } from 'react';
import { MessageBox } from '../../../components/MessageBox.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import type { ActivityRow } from '../../../journal/entry-row.ts';
import { ActivityListItem } from './ActivityListItem.tsx';
import { useAnswerLines } from '../api/use-answer-lines.ts';

interface Props {
  activities: ActivityRow[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  loadMoreError: string | undefined;
}

/**
 * The list, newest first. The next page loads when the end comes near the
 * screen; the button does the same for keyboards and where observers are missing.
 */
export function ActivityList({
  activities,
  hasMore,
  loadingMore,
  onLoadMore,
  loadMoreError,
}: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  const linesOf = useAnswerLines(activities);
  const canLoad = hasMore && !loadingMore && !loadMoreError;
  // An entry moved in time by an edit comes back under a new key; its Edit
  // button gets the focus once it is shown, as an unmoved one's does.
  const [refocusAt, setRefocusAt] = useState<number | null>(null);
  const moved = useCallback((savedAt: string) => setRefocusAt(Date.parse(savedAt)), []);
  const focused = useCallback(() => setRefocusAt(null), []);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && onLoadMore(),
      { rootMargin: '600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoad, onLoadMore]);

  return (
    <>
      <ul className="flex flex-col gap-3" aria-label="Activities">
        {activities.map((activity) => (
          <ActivityListItem
            key={activity.created_at}
            activity={activity}
            focusEdit={refocusAt !== null && Date.parse(activity.created_at) === refocusAt}
            onFocused={focused}
            onMoved={moved}
            linesOf={linesOf}
          />
        ))}
      </ul>
      <div ref={sentinel} className="mt-4 flex flex-col items-center gap-3">
        {loadMoreError && (
          <MessageBox kind="error">{`Error loading activities: ${loadMoreError}`}</MessageBox>
        )}
        {loadingMore ? (
          <Spinner label="Loading more activities" />
        ) : (
          hasMore && (
            <button type="button" className="btn-secondary" onClick={onLoadMore}>
              {loadMoreError ? 'Try again' : 'Show older activities'}
            </button>
          )
        )}
      </div>
    </>
  );
}
