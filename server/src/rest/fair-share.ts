import { DataApiError } from './errors.ts';
import { sqlState } from './error-codes.ts';

// Embedded PGlite runs one statement at a time on the event loop, and a pool
// of PostgreSQL connections is just as easily filled by one person: in arrival
// order, someone with a dozen costly requests in flight makes everyone else
// wait behind all of them. Here data requests take turns instead: at most
// `slots` are in the database at once, at most `perKey` of them one person's
// (the token's subject, or the address of an anonymous caller) while others
// wait, and a freed slot goes to the next person in turn, not to the next
// request. Slots nobody else wants are used, all but one kept for whoever
// comes next: a person alone is not held back, and on PostgreSQL a newcomer
// starts at once instead of waiting for someone's statement to end. The slot is
// handed over on a later turn of the event loop, so that requests still being
// read and authenticated get to reach their turn between two statements
// (ADR 025).

export interface FairShare {
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export interface FairShareLimits {
  /** Requests in the database at once, over everyone. */
  slots: number;
  /** Of those, one person's. */
  perKey: number;
  /** One person's requests waiting for a turn; beyond, 429. */
  waitingPerKey: number;
  /**
   * The database runs on this event loop (PGlite): after a long statement,
   * pause before the next turn so that waiting requests can be read.
   */
  pauseAfterLongWork: boolean;
}

const MAX_PAUSE_MS = 20;

interface Lane {
  active: number;
  waiting: Array<() => void>;
  /** When this person was last given a turn (a count of turns); 0 for a newcomer. */
  servedAt: number;
}

function tooManyInFlight(): DataApiError {
  return new DataApiError(429, sqlState('53300'), 'Too many requests in flight for this user', {
    details: 'Wait for earlier requests to finish before sending more',
    headers: { 'Retry-After': '1' },
  });
}

export function createFairShare(limits: FairShareLimits): FairShare {
  // Where more than one request may be in the database at once, one
  // person's share leaves a slot for someone else. The embedded database's
  // worker has two slots but runs one statement at a time, in the order
  // sent: a person holding both put a newcomer's statement behind two of
  // theirs, not one (ADR 096).
  const perKey = limits.slots > 1 ? Math.min(limits.perKey, limits.slots - 1) : limits.perKey;
  const lanes = new Map<string, Lane>();
  let active = 0;
  let handingOver = false;
  let turns = 0;

  const laneOf = (key: string): Lane => {
    let lane = lanes.get(key);
    if (!lane) {
      lane = { active: 0, waiting: [], servedAt: 0 };
      lanes.set(key, lane);
    }
    return lane;
  };

  const admit = (key: string, lane: Lane) => {
    const next = lane.waiting.shift()!;
    lane.active += 1;
    active += 1;
    turns += 1;
    lane.servedAt = turns;
    next();
  };

  // The turn order: whoever was served longest ago first, a newcomer before
  // all. (By arrival of the lane alone, a person whose request came in while
  // the database was busy queued behind the one who had just been served, and
  // waited for two of their statements instead of one.)
  const inTurn = () => [...lanes].sort(([, a], [, b]) => a.servedAt - b.servedAt);

  const admitNext = () => {
    handingOver = false;
    // Everyone under their share first, in turn.
    for (const [key, lane] of inTurn()) {
      if (active >= limits.slots) return;
      if (lane.waiting.length > 0 && lane.active < perKey) admit(key, lane);
    }
    // Slots nobody else is waiting for are not left idle: beyond their share
    // a person may use all but one, which stays free so that the next person
    // to arrive starts at once instead of waiting for a statement to end.
    for (const [key, lane] of inTurn()) {
      if (active >= limits.slots - 1) return;
      if (lane.waiting.length > 0) admit(key, lane);
    }
  };

  const release = (key: string, lane: Lane, heldMs: number) => {
    lane.active -= 1;
    active -= 1;
    if (lane.active === 0 && lane.waiting.length === 0) lanes.delete(key);
    if (handingOver) return;
    handingOver = true;
    // After a long statement that held the event loop (PGlite), pause for a
    // tenth of its time: enough for requests that arrived meanwhile to be
    // read and authenticated and take their turn, at a tenth of the cost. On
    // PostgreSQL the loop stayed free and a pause would only leave a slot idle.
    const pause = limits.pauseAfterLongWork ? Math.min(MAX_PAUSE_MS, heldMs / 10) : 0;
    if (pause >= 1) setTimeout(admitNext, pause);
    else setImmediate(admitNext);
  };

  return {
    async run(key, work) {
      const lane = laneOf(key);
      // Someone waiting under their share is due the next free slot; those
      // waiting beyond it are not, so a newcomer takes the slot kept free
      // at once instead of waiting for a statement to end.
      const anyDue = [...lanes.values()].some((l) => l.waiting.length > 0 && l.active < perKey);
      const withinShare = lane.active < perKey || active < limits.slots - 1;
      if (!handingOver && !anyDue && active < limits.slots && withinShare) {
        lane.active += 1;
        active += 1;
      } else if (lane.waiting.length >= limits.waitingPerKey) {
        throw tooManyInFlight();
      } else {
        // admitNext counts the request in before resolving.
        await new Promise<void>((resolve) => lane.waiting.push(resolve));
      }
      const started = performance.now();
      try {
        return await work();
      } finally {
        release(key, lane, performance.now() - started);
      }
    },
  };
}

/** Whose share a data request uses: the signed-in person, else the caller's address. */
export function shareKey(claims: Record<string, unknown>, ip: string): string {
  const sub = claims['sub'];
  return typeof sub === 'string' && sub !== '' ? `user:${sub}` : `ip:${ip}`;
}
