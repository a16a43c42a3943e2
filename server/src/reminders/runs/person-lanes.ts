import type { RunLimits } from './run-limits.ts';

// The order and bounds of a run's sends: each person is a lane, their
// reminders sent one after another; several lanes run at once, taken in the
// order the claims came (the longest due first). A lane stops when the
// person's time is spent, and no lane starts a send after the run's
// deadline: one person's endpoints that never answer hold one lane for at
// most perPersonMs, and never anyone else's reminder past the deadline.

export interface Claimed {
  user_id: string;
}

/**
 * Sends the claims in person lanes; `send` gets how long this person has
 * left. Answers the claims that were not started, for the caller to release.
 */
export async function sendInPersonLanes<C extends Claimed>(
  claims: readonly C[],
  limits: Pick<RunLimits, 'deadlineMs' | 'perPersonMs' | 'peopleAtOnce'>,
  startedAt: number,
  send: (claim: C, personLeftMs: number) => Promise<void>,
): Promise<C[]> {
  const lanes = new Map<string, C[]>();
  for (const claim of claims) {
    const lane = lanes.get(claim.user_id);
    if (lane) lane.push(claim);
    else lanes.set(claim.user_id, [claim]);
  }
  const queue = [...lanes.values()];
  const unsent: C[] = [];
  const deadline = startedAt + limits.deadlineMs;
  const worker = async () => {
    for (let lane = queue.shift(); lane; lane = queue.shift()) {
      let spent = 0;
      for (const [i, claim] of lane.entries()) {
        const left = limits.perPersonMs - spent;
        if (Date.now() >= deadline || left <= 0) {
          unsent.push(...lane.slice(i));
          break;
        }
        const began = Date.now();
        await send(claim, left);
        spent += Date.now() - began;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limits.peopleAtOnce, queue.length) }, worker));
  return unsent;
}
