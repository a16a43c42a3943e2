// Runs the reminders' look at the clock once a minute, just after each
// minute starts, in the background: a look never holds up a request longer
// than its own statements, and a look that is still running when the next
// minute comes makes that minute wait rather than run twice at once. The
// clock is injectable so that tests can stand at any instant.

export interface SchedulerOptions {
  /** What "now" is for the look; the real time unless a test says otherwise. */
  now?: () => Date;
  /** Between looks; one minute unless a test says otherwise. */
  intervalMs?: number;
  onError: (err: unknown) => void;
}

export interface Scheduler {
  /** No look starts after this; the promise settles when a running one has finished. */
  stop(): Promise<void>;
}

const ONE_MINUTE_MS = 60_000;
// Just after the minute, so that a reminder for 08:00 is seen at 08:00.
const PAST_THE_MINUTE_MS = 1_000;

export function startScheduler(
  look: (at: Date) => Promise<unknown>,
  options: SchedulerOptions,
): Scheduler {
  const now = options.now ?? (() => new Date());
  const intervalMs = options.intervalMs ?? ONE_MINUTE_MS;
  const offsetMs = intervalMs === ONE_MINUTE_MS ? PAST_THE_MINUTE_MS : 0;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (stopped) return;
    const wait = intervalMs - ((Date.now() - offsetMs) % intervalMs);
    timer = setTimeout(run, wait);
    // The server's shutdown decides when the process ends, not this timer.
    timer.unref();
  };
  const run = () => {
    running = look(now())
      .then(
        () => undefined,
        (err: unknown) => options.onError(err),
      )
      .finally(schedule);
  };

  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
