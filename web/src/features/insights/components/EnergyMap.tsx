import { CardSection } from '../../../components/CardSection.tsx';
import { ChartTable } from '../../../components/ChartTable.tsx';
import type { RankedActivity, Thresholds } from '../api/get-insights.ts';
import { entriesLabel, percent } from './format.ts';

const SIZE = 300;
const PAD = 28;
const PLOT = SIZE - 2 * PAD;
const x = (engagement: number) => PAD + (engagement / 100) * PLOT;
const y = (energy: number) => PAD + PLOT - (energy / 100) * PLOT;

/** The four quadrants in plain words, from the top left, clockwise. */
const QUADRANTS = [
  {
    label: 'Light lift',
    hint: 'energizing, little focus',
    at: [PAD + 6, PAD + 14],
    anchor: 'start',
  },
  {
    label: 'Flow zone',
    hint: 'energizing and absorbing',
    at: [SIZE - PAD - 6, PAD + 14],
    anchor: 'end',
  },
  {
    label: 'Grind',
    hint: 'absorbing but draining',
    at: [SIZE - PAD - 6, SIZE - PAD - 8],
    anchor: 'end',
  },
  { label: 'Drag', hint: 'draining, little focus', at: [PAD + 6, SIZE - PAD - 8], anchor: 'start' },
] as const;

function quadrant(row: RankedActivity, energizerMinEnergy: number): string {
  const high = row.avg_energy >= energizerMinEnergy;
  const absorbed = row.avg_engagement >= 50;
  return high ? (absorbed ? 'Flow zone' : 'Light lift') : absorbed ? 'Grind' : 'Drag';
}

/** Each ranked activity by engagement (x) and energy (y), sized by its entries; a table says the same. */
export function EnergyMap({
  rows,
  thresholds,
}: {
  rows: RankedActivity[];
  thresholds: Thresholds;
}) {
  const most = Math.max(1, ...rows.map((r) => r.entries));
  return (
    <CardSection headingId="insights-map" title="Energy and engagement map">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        Up is more energy, right is more engagement; bigger dots have more entries.
      </p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {`Activities appear here once they have ${thresholds.min_entries} entries.`}
        </p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${SIZE} ${SIZE}`}
            className="mx-auto block w-full max-w-sm"
            aria-hidden="true"
            data-testid="energy-map"
          >
            <rect
              x={PAD}
              y={PAD}
              width={PLOT}
              height={PLOT}
              className="fill-slate-50 stroke-slate-300 dark:fill-slate-950 dark:stroke-slate-700"
            />
            <line
              x1={x(50)}
              x2={x(50)}
              y1={PAD}
              y2={PAD + PLOT}
              className="stroke-slate-300 dark:stroke-slate-700"
              strokeDasharray="4 4"
            />
            <line
              x1={PAD}
              x2={PAD + PLOT}
              y1={y(thresholds.energizer_min_energy)}
              y2={y(thresholds.energizer_min_energy)}
              className="stroke-slate-300 dark:stroke-slate-700"
              strokeDasharray="4 4"
            />
            {QUADRANTS.map((q) => (
              <text
                key={q.label}
                x={q.at[0]}
                y={q.at[1]}
                textAnchor={q.anchor}
                className="fill-slate-500 text-[10px] font-medium dark:fill-slate-400"
              >
                {q.label}
              </text>
            ))}
            <text
              x={SIZE / 2}
              y={SIZE - 6}
              textAnchor="middle"
              className="fill-slate-600 text-[11px] dark:fill-slate-300"
            >
              Engagement →
            </text>
            <text
              x={10}
              y={SIZE / 2}
              textAnchor="middle"
              transform={`rotate(-90 10 ${SIZE / 2})`}
              className="fill-slate-600 text-[11px] dark:fill-slate-300"
            >
              Energy →
            </text>
            {rows.map((row) => (
              <circle
                key={row.key}
                cx={x(row.avg_engagement)}
                cy={y(row.avg_energy)}
                r={4 + 8 * Math.sqrt(row.entries / most)}
                className="fill-violet-500/60 stroke-violet-800 dark:fill-violet-400/60 dark:stroke-violet-200"
              >
                <title>{`${row.name}: energy ${percent(row.avg_energy)}, engagement ${percent(row.avg_engagement)}`}</title>
              </circle>
            ))}
          </svg>
          <ul className="mt-2 grid grid-cols-2 gap-x-3 text-xs text-slate-600 dark:text-slate-300">
            {QUADRANTS.map((q) => (
              <li key={q.label}>
                <span className="font-medium">{q.label}</span>: {q.hint}
              </li>
            ))}
          </ul>
          <ChartTable
            className="mt-3"
            summary="The map as a table"
            caption="Ranked activities by energy and engagement"
            rows={rows}
            rowKey={(row) => row.key}
            columns={[
              { heading: 'Activity', cell: (row) => row.name },
              { heading: 'Energy', cell: (row) => percent(row.avg_energy), numeric: true },
              { heading: 'Engagement', cell: (row) => percent(row.avg_engagement), numeric: true },
              { heading: 'Entries', cell: (row) => entriesLabel(row.entries), numeric: true },
              { heading: 'Where', cell: (row) => quadrant(row, thresholds.energizer_min_energy) },
            ]}
          />
        </>
      )}
    </CardSection>
  );
}
