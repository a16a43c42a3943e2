import type { Row } from './scenarios.ts';

export const pad = (s: string, n: number) => s.padStart(n);
// autocannon measures whole milliseconds: a median under one shows as "<1".
export const ms = (x: number) => (!Number.isFinite(x) ? '-' : x === 0 ? '<1' : x.toFixed(1));
export const ratio = (a: number, b: number) =>
  b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(2)}×` : '-';

/** Ours beside the floor: throughput, p50 and p99 latency, and the ratios that matter. */
export function printTable(rows: Row[]): void {
  const head = [
    'database'.padEnd(10),
    'workload'.padEnd(9),
    pad('clients', 7),
    pad('ours/s', 8),
    pad('floor/s', 8),
    pad('thru', 6),
    pad('ours p50', 9),
    pad('floor p50', 9),
    pad('p50', 6),
    pad('ours p99', 9),
    pad('failed', 7),
  ].join(' ');
  console.log(`\n${head}\n${'-'.repeat(head.length)}`);
  for (const r of rows) {
    console.log(
      [
        r.database.padEnd(10),
        r.workload.padEnd(9),
        pad(String(r.clients), 7),
        pad(r.ours.perSecond.toFixed(0), 8),
        pad(r.floor.perSecond.toFixed(0), 8),
        pad(ratio(r.ours.perSecond, r.floor.perSecond), 6),
        pad(ms(r.ours.p50), 9),
        pad(ms(r.floor.p50), 9),
        pad(r.ours.p50 === 0 ? '-' : ratio(r.ours.p50, r.floor.p50), 6),
        pad(ms(r.ours.p99), 9),
        pad(`${r.ours.failed}/${r.ours.total}`, 7),
      ].join(' '),
    );
  }
  console.log(
    'thru = ours/floor throughput (higher is better); p50 = ours/floor median latency (lower is better); ms.',
  );
}
