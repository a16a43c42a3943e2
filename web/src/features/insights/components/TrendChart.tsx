import { ChartTable } from '../../../components/ChartTable.tsx';
import type { Insights } from '../api/get-insights.ts';
import { percent } from './format.ts';

const W = 320;
const H = 160;
const PAD_X = 28;
const TOP = 8;
const LINES_H = 100;
const BARS_TOP = 120;
const BARS_H = 28;

const dateLabel = (start: string, unit: Insights['trend_unit']) => {
  const date = new Date(`${start}T12:00:00Z`);
  const text = date.toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return unit === 'week' ? `Week of ${text}` : text;
};

/** Path through the known points; a bucket without entries breaks the line. */
function linePath(values: Array<number | null>, xAt: (i: number) => number): string {
  let path = '';
  let pen = false;
  values.forEach((value, i) => {
    if (value === null) {
      pen = false;
      return;
    }
    const yValue = TOP + LINES_H - (value / 100) * LINES_H;
    path += `${pen ? 'L' : 'M'}${xAt(i).toFixed(1)} ${yValue.toFixed(1)} `;
    pen = true;
  });
  return path.trim();
}

/** Average energy and engagement per day or week, the number of entries as bars below. */
/** The two lines, engagement first so that energy's is drawn over it. */
const LINES = [
  { measure: 'avg_engagement', width: 2, stroke: 'stroke-teal-600 dark:stroke-teal-400' },
  { measure: 'avg_energy', width: 2.5, stroke: 'stroke-violet-600 dark:stroke-violet-400' },
] as const;

export function TrendChart({ insights }: { insights: Insights }) {
  const { trend, trend_unit: unit } = insights;
  const step = trend.length > 1 ? (W - 2 * PAD_X) / (trend.length - 1) : 0;
  const xAt = (i: number) => (trend.length > 1 ? PAD_X + i * step : W / 2);
  const most = Math.max(1, ...trend.map((b) => b.entries));
  const barWidth = Math.max(1, Math.min(14, step * 0.7 || 14));
  const points = (values: Array<number | null>) =>
    values.flatMap((v, i) => (v === null ? [] : [{ v, i }]));
  return (
    <div>
      <h3 className="text-base font-semibold">Over time</h3>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
        Average per {unit}:{' '}
        <span className="font-medium text-violet-700 dark:text-violet-300">energy</span> and{' '}
        <span className="font-medium text-teal-700 dark:text-teal-300">engagement</span>; bars are
        the number of entries.
      </p>
      {trend.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No entries in this period.</p>
      ) : (
        <>
          <svg
            viewBox={`0 0 ${W} ${H}`}
            className="block w-full"
            aria-hidden="true"
            data-testid="trend-chart"
          >
            {[0, 50, 100].map((v) => (
              <g key={v}>
                <line
                  x1={PAD_X}
                  x2={W - PAD_X}
                  y1={TOP + LINES_H - v}
                  y2={TOP + LINES_H - v}
                  className="stroke-slate-200 dark:stroke-slate-800"
                />
                <text
                  x={PAD_X - 4}
                  y={TOP + LINES_H - v + 3}
                  textAnchor="end"
                  className="fill-slate-500 text-[9px] dark:fill-slate-400"
                >
                  {v}
                </text>
              </g>
            ))}
            {LINES.map(({ measure, width, stroke }) => (
              <path
                key={measure}
                d={linePath(
                  trend.map((b) => b[measure]),
                  xAt,
                )}
                fill="none"
                strokeWidth={width}
                className={stroke}
              />
            ))}
            {/* Lone points (a bucket between empty ones) would draw nothing as a path. */}
            {points(trend.map((b) => b.avg_energy)).map((p) => (
              <circle
                key={`e${p.i}`}
                cx={xAt(p.i)}
                cy={TOP + LINES_H - (p.v / 100) * LINES_H}
                r={2.5}
                className="fill-violet-600 dark:fill-violet-400"
              />
            ))}
            {trend.map((b, i) =>
              b.entries > 0 ? (
                <rect
                  key={b.start}
                  x={xAt(i) - barWidth / 2}
                  y={BARS_TOP + BARS_H - (b.entries / most) * BARS_H}
                  width={barWidth}
                  height={(b.entries / most) * BARS_H}
                  className="fill-slate-300 dark:fill-slate-600"
                />
              ) : null,
            )}
            <text x={PAD_X} y={H - 1} className="fill-slate-500 text-[9px] dark:fill-slate-400">
              {dateLabel(trend[0]!.start, unit)}
            </text>
            <text
              x={W - PAD_X}
              y={H - 1}
              textAnchor="end"
              className="fill-slate-500 text-[9px] dark:fill-slate-400"
            >
              {dateLabel(trend.at(-1)!.start, unit)}
            </text>
          </svg>
          <ChartTable
            className="mt-2"
            summary="Over time as a table"
            rows={trend.filter((b) => b.entries > 0)}
            rowKey={(b) => b.start}
            columns={[
              { heading: unit === 'day' ? 'Day' : 'Week', cell: (b) => dateLabel(b.start, unit) },
              { heading: 'Energy', cell: (b) => percent(b.avg_energy), numeric: true },
              { heading: 'Engagement', cell: (b) => percent(b.avg_engagement), numeric: true },
              { heading: 'Entries', cell: (b) => b.entries, numeric: true },
            ]}
          />
        </>
      )}
    </div>
  );
}
