import type { RaceRow } from './peer-race.ts';
import { ms, pad, ratio } from './table.ts';

/** Ours beside the peer: throughput and median latency, with ours ÷ the peer's. */
export function printRaceTable(rows: RaceRow[]): void {
  if (rows.length === 0) return;
  const head = [
    'workload'.padEnd(9),
    pad('clients', 7),
    pad('ours/s', 8),
    pad('peer/s', 8),
    pad('thru', 6),
    pad('ours p50', 9),
    pad('peer p50', 9),
    pad('p50', 6),
    pad('ours cpu', 9),
    pad('peer cpu', 9),
    pad('ours failed', 12),
    pad('peer failed', 12),
  ].join(' ');
  console.log(
    `\nembedded (ours) beside @supabase/lite on SQLite (the peer)\n${head}\n${'-'.repeat(head.length)}`,
  );
  for (const r of rows) {
    console.log(
      [
        r.workload.padEnd(9),
        pad(String(r.clients), 7),
        pad(r.ours.perSecond.toFixed(0), 8),
        pad(r.peer.perSecond.toFixed(0), 8),
        pad(ratio(r.ours.perSecond, r.peer.perSecond), 6),
        pad(ms(r.ours.p50), 9),
        pad(ms(r.peer.p50), 9),
        pad(r.ours.p50 === 0 ? '-' : ratio(r.ours.p50, r.peer.p50), 6),
        pad(r.oursCpuMs.toFixed(2), 9),
        pad(r.peerCpuMs.toFixed(2), 9),
        pad(`${r.ours.failed}/${r.ours.total}`, 12),
        pad(`${r.peer.failed}/${r.peer.total}`, 12),
      ].join(' '),
    );
  }
  console.log(
    "save = the app's keyed upsert (on_conflict user_id,entry_key,question_id, duplicates ignored), accepted by both; " +
      'thru = ours/peer throughput (higher is better); p50 = ours/peer median latency (lower is better); ' +
      'cpu = CPU time per request of the whole server process, every thread (lower is better); ms.',
  );
}
