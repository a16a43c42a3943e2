import type { Averages } from '../api/get-insights.ts';
import { entriesLabel, percent } from './format.ts';

/** Average energy per group as labelled bars: readable as a list without the picture. */
export function AverageBars({
  title,
  note,
  rows,
}: {
  title: string;
  note: string;
  rows: Array<Averages & { label: string }>;
}) {
  return (
    <div>
      <h3 className="text-base font-semibold">{title}</h3>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">{note}</p>
      <ul className="flex flex-col gap-1.5">
        {rows.map((row) => (
          <li
            key={row.label}
            className="grid grid-cols-[6.5rem_1fr_auto] items-center gap-2 text-sm"
          >
            <span>{row.label}</span>
            <span aria-hidden="true" className="h-2.5 rounded-full bg-slate-200 dark:bg-slate-700">
              <span
                className="block h-full rounded-full bg-violet-600 dark:bg-violet-400"
                style={{ width: `${row.avg_energy ?? 0}%` }}
              />
            </span>
            <span className="text-right tabular-nums text-slate-700 dark:text-slate-200">
              {row.entries === 0
                ? 'no entries'
                : `${percent(row.avg_energy)} · ${entriesLabel(row.entries)}`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
