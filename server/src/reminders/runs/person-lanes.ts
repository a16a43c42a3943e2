import type { RunLimits } from './run-limits.ts';

// The order and bounds of a run's sends: each person is a lane, and the
// lanes take turns, one send each, round robin, in the order the claims came
// (docs/decisions/090). Several sends run at once, never two of one person.
// A lane stops when the person's time is spent, and no send starts after the
// run's deadline. So another person's reminder waits for at most one send of
// each person ahead of it, however many devices they have: the longest due
// first made it wait for every device of everyone due a minute earlier.

export interface Claimed {
  user_id: string;
}

interface Lane<C> {
  claims: C[];
  next: number;
  spentMs: number;
}

/**
 * Sends the claims in turns per person; `send` gets how long this person has
 * left. Answers the claims that were not started, for the caller to release.
 */
export async function sendInPersonLanes<C extends Claimed>(
  claims: readonly C[],
  limits: Pick<RunLimits, 'deadlineMs' | 'perPersonMs' | 'peopleAtOnce'>,
  startedAt: number,
  send: (claim: C, personLeftMs: number) => Promise<void>,
): Promise<C[]> {
  const lanes = new Map<string, Lane<C>>();
  for (const claim of claims) {
    const lane = lanes.get(claim.user_id);
    if (lane) lane.claims.push(claim);
    else lanes.set(claim.user_id, { claims: [claim], next: 0, spentMs: 0 });
  }
  // A lane is in the queue while none of its sends is under way.
  const queue = [...lanes.values()];
  const unsent: C[] = [];
  const deadline = startedAt + limits.deadlineMs;
  const worker = async () => {
    for (let lane = queue.shift(); lane; lane = queue.shift()) {
      const left = limits.perPersonMs - lane.spentMs;
      if (Date.now() >= deadline || left <= 0) {
        unsent.push(...lane.claims.slice(lane.next));
        continue;
      }
      const claim = lane.claims[lane.next]!;
      const began = Date.now();
      await send(claim, left);
      lane.spentMs += Date.now() - began;
      lane.next += 1;
      // To the back of the queue: everyone else's next send comes first.
      if (lane.next < lane.claims.length) queue.push(lane);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limits.peopleAtOnce, queue.length) }, worker));
  return unsent;
}
