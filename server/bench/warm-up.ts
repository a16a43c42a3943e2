// A server's first thousands of saves cost more than the rest: for ours, V8
// runs PostgreSQL's WebAssembly in its baseline tier at first and moves each
// function to optimised code only once it has run enough, in the background;
// for any server, JavaScript is optimised the same way. A race that measures
// before that is over measures the start, not the server. Each contender
// saves in windows until its CPU time per save has stopped falling for two
// windows in a row.
import type { Account } from './account.ts';
import { oursAt } from './scenarios.ts';
import type { RunningServer } from './server-process.ts';

const WINDOW_SECONDS = 3;
const MAX_SECONDS = 45;
/** A window counts as better only when it costs this much less than the best before it. */
const BETTER = 0.95;

export interface WarmUp {
  seconds: number;
  /** CPU milliseconds per save in each window, in order. */
  cpuMsPerSave: number[];
}

export async function warmUntilSettled(server: RunningServer, account: Account): Promise<WarmUp> {
  const windows: number[] = [];
  let best = Infinity;
  let windowsSinceBest = 0;
  while (windowsSinceBest < 2 && windows.length * WINDOW_SECONDS < MAX_SECONDS) {
    const before = await server.cpuMs();
    const load = await oursAt(server.url, account, 'save', 20, {}, WINDOW_SECONDS);
    const perSave = ((await server.cpuMs()) - before) / Math.max(1, load.total);
    windows.push(perSave);
    if (perSave < best * BETTER) {
      best = perSave;
      windowsSinceBest = 0;
    } else {
      windowsSinceBest++;
    }
  }
  // The history's first reads of the journal, too.
  await oursAt(server.url, account, 'history', 20, {}, 2);
  return { seconds: windows.length * WINDOW_SECONDS, cpuMsPerSave: windows };
}

export const warmUpNote = (who: string, w: WarmUp) =>
  `peer: ${who} warmed up with saves for ${w.seconds} s, CPU per save by ${WINDOW_SECONDS}-s window: ` +
  `${w.cpuMsPerSave.map((ms) => ms.toFixed(2)).join(', ')} ms`;
