import { printColumns, type Column } from './columns.ts';
import type { Row } from './scenarios.ts';

export const pad = (s: string, n: number) => s.padStart(n);
// autocannon measures whole milliseconds: a median under one shows as "<1".
export const ms = (x: number) => (!Number.isFinite(x) ? '-' : x === 0 ? '<1' : x.toFixed(1));
export const ratio = (a: number, b: number) =>
  b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(2)}×` : '-';

const COLUMNS: Column<Row>[] = [
  { heading: 'database', width: 10, alignLeft: true, cell: (r) => r.database },
  { heading: 'workload', width: 9, alignLeft: true, cell: (r) => r.workload },
  { heading: 'clients', width: 7, cell: (r) => String(r.clients) },
  { heading: 'ours/s', width: 8, cell: (r) => r.ours.perSecond.toFixed(0) },
  { heading: 'floor/s', width: 8, cell: (r) => r.floor.perSecond.toFixed(0) },
  { heading: 'thru', width: 6, cell: (r) => ratio(r.ours.perSecond, r.floor.perSecond) },
  { heading: 'ours p50', width: 9, cell: (r) => ms(r.ours.p50) },
  { heading: 'floor p50', width: 9, cell: (r) => ms(r.floor.p50) },
  {
    heading: 'p50',
    width: 6,
    cell: (r) => (r.ours.p50 === 0 ? '-' : ratio(r.ours.p50, r.floor.p50)),
  },
  { heading: 'ours p99', width: 9, cell: (r) => ms(r.ours.p99) },
  { heading: 'failed', width: 7, cell: (r) => `${r.ours.failed}/${r.ours.total}` },
];

/** Ours beside the floor: throughput, p50 and p99 latency, and the ratios that matter. */
export function printTable(rows: Row[]): void {
  printColumns<Row>('', COLUMNS, rows);
  console.log(
    'thru = ours/floor throughput (higher is better); p50 = ours/floor median latency (lower is better); ms.',
  );
}
