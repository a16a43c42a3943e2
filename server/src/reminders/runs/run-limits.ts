// The bounds of one run (a look at the clock, once a minute, per channel):
// whatever the peers do, a run ends within its minute and leaves what it did
// not send for the next run, which claims it again while the reminder is at
// most 15 minutes late (docs/decisions/070, docs/security-bounds.md).

export interface RunLimits {
  /** No send starts after this long into a run. */
  deadlineMs: number;
  /** One person's sends in one run, added up; their further reminders wait for the next run. */
  perPersonMs: number;
  /** One push subscription's attempts in one run, pauses included. */
  perSubscriptionMs: number;
  /**
   * The same for a subscription that has not yet delivered, or whose last
   * send failed: a working push service answers within a second, and one
   * that takes the connection and never answers must not hold a turn for
   * long (ADR 090).
   */
  unprovenSubscriptionMs: number;
  /** Pauses before each further attempt at a push service that asked for one (429, 5xx). */
  retryDelaysMs: readonly number[];
  /** People whose reminders are sent at the same time. */
  peopleAtOnce: number;
}

export const RUN_LIMITS: RunLimits = {
  // With the last sends' own time, a run ends before the next minute's starts.
  deadlineMs: 40_000,
  perPersonMs: 20_000,
  perSubscriptionMs: 10_000,
  unprovenSubscriptionMs: 3_000,
  retryDelaysMs: [1_000, 4_000],
  peopleAtOnce: 8,
};
