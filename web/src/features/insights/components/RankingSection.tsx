import { CardSection } from '../../../components/CardSection.tsx';
import { ChevronRight } from 'lucide-react';
import type { RankedActivity } from '../api/get-insights.ts';
import { entriesLabel, percent } from './format.ts';

interface Props {
  id: string;
  title: string;
  /** What the list means, under the heading. */
  description: string;
  rows: RankedActivity[];
  empty: string;
  onOpen: (name: string) => void;
}

/** Energizers or Drainers: each row opens Look Back filtered to that activity. */
export function RankingSection({ id, title, description, rows, empty, onOpen }: Props) {
  return (
    <CardSection headingId={id} title={title}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{description}</p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="-mx-2 flex flex-col">
          {rows.map((row) => (
            <li key={row.key}>
              <button
                type="button"
                onClick={() => onOpen(row.name)}
                className="flex w-full items-center gap-3 rounded-xl px-2 py-2.5 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600 dark:hover:bg-slate-800"
              >
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="truncate font-medium">{row.name}</span>
                    <span className="text-lg font-semibold tabular-nums">
                      {percent(row.avg_energy)}
                    </span>
                  </span>
                  <IntervalBar row={row} />
                  <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-300">
                    <span>{entriesLabel(row.entries)}</span>
                    <span>Engagement {percent(row.avg_engagement)}</span>
                    <span>Flow {percent(row.flow_share * 100)}</span>
                    <span>± {Math.round(row.margin)}</span>
                    <span className="sr-only">
                      {`95% interval ${percent(row.interval_low)} to ${percent(row.interval_high)}; show in Look Back`}
                    </span>
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}

/** The 95% interval of the mean energy on a 0–100 track, the mean as a dot. */
function IntervalBar({ row }: { row: RankedActivity }) {
  return (
    <span
      aria-hidden="true"
      className="relative mt-1.5 block h-2 rounded-full bg-slate-200 dark:bg-slate-700"
    >
      <span
        className="absolute inset-y-0 rounded-full bg-violet-300 dark:bg-violet-700"
        style={{ left: `${row.interval_low}%`, width: `${row.interval_high - row.interval_low}%` }}
      />
      <span
        className="absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-violet-700 dark:border-slate-900 dark:bg-violet-300"
        style={{ left: `${row.avg_energy}%` }}
      />
    </span>
  );
}
