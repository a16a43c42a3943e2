import { printColumns, type Column } from './columns.ts';
import type { GrowthRow } from './growth.ts';

// The goal (docs/decisions/049): a grown journal saves at least 0.8 times as fast as an empty one.
const GOAL = 0.8;

const syncs = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(2));
const ratioOf = (r: GrowthRow) => r.grown.perSecond / r.empty.perSecond;
const times = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : '-');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const COLUMNS: Column<GrowthRow>[] = [
  { heading: 'database', width: 10, alignLeft: true, cell: (r) => r.database },
  { heading: 'run', width: 3, cell: (r) => String(r.run) },
  { heading: 'clients', width: 7, cell: (r) => String(r.clients) },
  { heading: 'empty/s', width: 8, cell: (r) => r.empty.perSecond.toFixed(0) },
  { heading: 'grown/s', width: 8, cell: (r) => r.grown.perSecond.toFixed(0) },
  { heading: 'grown/empty', width: 11, cell: (r) => times(ratioOf(r)) },
  { heading: 'empty p99', width: 9, cell: (r) => r.empty.p99.toFixed(0) },
  { heading: 'grown p99', width: 9, cell: (r) => r.grown.p99.toFixed(0) },
  { heading: 'grown max', width: 9, cell: (r) => r.grown.max.toFixed(0) },
  {
    heading: 'syncs/save',
    width: 10,
    cell: (r) => `${syncs(r.emptySyncsPerSave)}/${syncs(r.grownSyncsPerSave)}`,
  },
  {
    heading: 'failed',
    width: 11,
    cell: (r) => `${r.empty.failed + r.grown.failed}/${r.empty.total + r.grown.total}`,
  },
  { heading: 'activities', width: 10, cell: (r) => String(r.activities) },
];

/**
 * Empty journal beside the grown one, run by run: saves per second, their
 * ratio, latencies and WAL syncs per save; then each database's median ratio
 * over the runs, which is what the goal is read from (one run can meet a
 * pause of the machine's other work, or of the embedded server's own).
 */
export function printGrowthTable(rows: GrowthRow[]): void {
  if (rows.length === 0) return;
  printColumns('Saves, empty journal vs grown with stale statistics', COLUMNS, rows);
  const groups = new Map<string, GrowthRow[]>();
  for (const r of rows) {
    const key = `${r.database} at ${r.clients} clients`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const [key, runs] of groups) {
    const ratios = runs.map(ratioOf);
    const mid = median(ratios);
    console.log(
      `${key}: grown/empty ${ratios.map(times).join(', ')}; median ${times(mid)} ` +
        `(${mid >= GOAL ? 'ok' : 'MISS'})`,
    );
  }
  console.log(
    `goal: median grown/empty ≥ ${GOAL}×; syncs/save = WAL fdatasync calls per save (empty/grown), ` +
      'counted by strace on the server process (embedded only); p99 and max in ms.',
  );
}
