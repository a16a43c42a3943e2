import type { GrowthRow } from './growth.ts';

// The goal: a grown journal saves at least 0.8 times as fast as an empty one.
const GOAL = 0.8;

const pad = (s: string, n: number) => s.padStart(n);
const syncs = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(2));

/** Empty journal beside the grown one: saves per second, their ratio, WAL syncs per save. */
export function printGrowthTable(rows: GrowthRow[]): void {
  if (rows.length === 0) return;
  const head = [
    'database'.padEnd(10),
    pad('clients', 7),
    pad('empty/s', 8),
    pad('grown/s', 8),
    pad('grown/empty', 11),
    pad('goal', 5),
    pad('empty p99', 9),
    pad('grown p99', 9),
    pad('syncs/save', 10),
    pad('failed', 11),
    pad('activities', 10),
  ].join(' ');
  console.log(`\nSaves, empty journal vs grown with stale statistics\n${head}`);
  console.log('-'.repeat(head.length));
  for (const r of rows) {
    const ratio = r.grown.perSecond / r.empty.perSecond;
    console.log(
      [
        r.database.padEnd(10),
        pad(String(r.clients), 7),
        pad(r.empty.perSecond.toFixed(0), 8),
        pad(r.grown.perSecond.toFixed(0), 8),
        pad(Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '-', 11),
        pad(ratio >= GOAL ? 'ok' : 'MISS', 5),
        pad(r.empty.p99.toFixed(0), 9),
        pad(r.grown.p99.toFixed(0), 9),
        pad(`${syncs(r.emptySyncsPerSave)}/${syncs(r.grownSyncsPerSave)}`, 10),
        pad(`${r.empty.failed + r.grown.failed}/${r.empty.total + r.grown.total}`, 11),
        pad(String(r.activities), 10),
      ].join(' '),
    );
  }
  console.log(
    `goal: grown/empty ≥ ${GOAL}×; syncs/save = WAL fdatasync calls per save (empty/grown), ` +
      'counted by strace on the server process (embedded only); p99 in ms.',
  );
}
