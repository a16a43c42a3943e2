import { describe, expect, it } from 'vitest';
import { startScheduler } from '../../src/reminders/scheduler.ts';

// The timer around the reminders' look: it looks at the clock it is given,
// again and again, never two looks at once, and not at all once stopped.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the reminder scheduler', () => {
  it('looks at the clock it is given, one look at a time, until stopped', async () => {
    const seen: string[] = [];
    let running = 0;
    let overlapped = false;
    const scheduler = startScheduler(
      async (at) => {
        running += 1;
        overlapped ||= running > 1;
        seen.push(at.toISOString());
        await sleep(30); // longer than the interval: the next look waits
        running -= 1;
      },
      { now: () => new Date('2025-03-09T07:00:00Z'), intervalMs: 10, onError: () => {} },
    );
    await sleep(200);
    await scheduler.stop();
    const looks = seen.length;
    expect(looks).toBeGreaterThanOrEqual(2);
    expect(new Set(seen)).toEqual(new Set(['2025-03-09T07:00:00.000Z']));
    expect(overlapped).toBe(false);
    await sleep(60);
    expect(seen).toHaveLength(looks);
  });

  it('keeps looking after a look fails, and reports the failure', async () => {
    const errors: unknown[] = [];
    let looks = 0;
    const scheduler = startScheduler(
      async () => {
        looks += 1;
        throw new Error('database away');
      },
      { intervalMs: 10, onError: (err) => errors.push(err) },
    );
    await sleep(100);
    await scheduler.stop();
    expect(looks).toBeGreaterThanOrEqual(2);
    expect(errors).toHaveLength(looks);
  });
});
