import { fromLocalInputValue, isInFuture, toLocalInputValue } from '../../lib/local-time.ts';

export interface PastTime {
  /** The chosen instant; undefined for "now" (the field left empty). */
  instant: Date | undefined;
  /** Why the form cannot be saved with this time, in the words the form shows. */
  problem: string | undefined;
  /** The input's `max`: this minute. */
  latest: string;
}

/**
 * The Track form's optional "When" (docs/product.md 11.1). A chosen minute
 * gets the current second and millisecond, so that two entries logged for the
 * same past minute are still two instants, as two saves "now" are.
 */
export function pastTime(value: string, now: Date = new Date()): PastTime {
  const latest = toLocalInputValue(now);
  if (value === '') return { instant: undefined, problem: undefined, latest };
  const minute = fromLocalInputValue(value);
  if (!minute) return { instant: undefined, problem: 'Choose a date and time.', latest };
  const instant = new Date(minute.getTime() + (now.getTime() % 60_000));
  if (isInFuture(minute, now)) {
    return { instant: undefined, problem: 'An entry cannot be in the future', latest };
  }
  // This minute plus the current seconds can only be now or just before.
  return { instant: instant > now ? now : instant, problem: undefined, latest };
}
