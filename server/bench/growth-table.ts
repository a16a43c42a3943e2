import type { GrowthRow } from './growth.ts';

// The goal (docs/decisions/049): a grown journal saves at least 0.8 times as fast as an empty one.
const GOAL = 0.8;

const pad = (s: string, n: number) => s.padStart(n);
const syncs = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(2));
const ratioOf = (r: GrowthRow) => r.grown.perSecond / r.empty.perSecond;
const times = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}×` : '-');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Empty journal beside the grown one, run by run: saves per second, their
 * ratio, latencies and WAL syncs per save; then each database's median ratio
 * over the runs, which is what the goal is read from (one run can meet a
 * pause of the machine's other work, or of the embedded server's own).
 */
export function printGrowthTable(rows: GrowthRow[]): void {
  if (rows.length === 0) return;
  const head = [
    'database'.padEnd(10),
    pad('run', 3),
    pad('clients', 7),
    pad('empty/s', 8),
    pad('grown/s', 8),
    pad('grown/empty', 11),
    pad('empty p99', 9),
    pad('grown p99', 9),
    pad('grown max', 9),
    pad('syncs/save', 10),
    pad('failed', 11),
    pad('activities', 10),
  ].join(' ');
  console.log(`\nSaves, empty journal vs grown with stale statistics\n${head}`);
  console.log('-'.repeat(head.length));
  for (const r of rows) {
    console.log(
      [
        r.database.padEnd(10),
        pad(String(r.run), 3),
        pad(String(r.clients), 7),
        pad(r.empty.perSecond.toFixed(0), 8),
        pad(r.grown.perSecond.toFixed(0), 8),
        pad(times(ratioOf(r)), 11),
        pad(r.empty.p99.toFixed(0), 9),
        pad(r.grown.p99.toFixed(0), 9),
        pad(r.grown.max.toFixed(0), 9),
        pad(`${syncs(r.emptySyncsPerSave)}/${syncs(r.grownSyncsPerSave)}`, 10),
        pad(`${r.empty.failed + r.grown.failed}/${r.empty.total + r.grown.total}`, 11),
        pad(String(r.activities), 10),
      ].join(' '),
    );
  }
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
