import { X } from 'lucide-react';
import { longDate } from '../../../lib/calendar-days.ts';

/** Look Back narrowed to one day (from Insights' Year in pixels), and the way back to all days. */
export function DayFilter({ day, onClear }: { day: string; onClear: () => void }) {
  return (
    <div className="card mb-4 flex flex-wrap items-center justify-between gap-2">
      <p>
        Showing <span className="font-medium">{longDate(day)}</span>
      </p>
      <button type="button" className="btn-secondary min-h-10 px-3 text-sm" onClick={onClear}>
        <X aria-hidden="true" className="size-4" />
        Show all days
      </button>
    </div>
  );
}
