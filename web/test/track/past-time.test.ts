import { describe, expect, it } from 'vitest';
import { pastTime } from '../../src/features/track/past-time.ts';

describe("Track's optional When", () => {
  const now = new Date(2026, 10, 23, 9, 41, 27, 500);

  it('means now when left empty', () => {
    expect(pastTime('', now)).toEqual({
      instant: undefined,
      problem: undefined,
      latest: '2026-11-23T09:41',
    });
  });

  it('takes an earlier minute with the current seconds, so two past entries stay apart', () => {
    expect(pastTime('2026-11-20T18:05', now).instant).toEqual(
      new Date(2026, 10, 20, 18, 5, 27, 500),
    );
  });

  it('never places this minute after now', () => {
    const early = new Date(2026, 10, 23, 9, 41, 3, 0);
    expect(pastTime('2026-11-23T09:41', early).instant).toEqual(early);
  });

  it('refuses the future beyond two minutes of skew, and a value it cannot read', () => {
    expect(pastTime('2026-11-23T09:43', now).problem).toBeUndefined();
    expect(pastTime('2026-11-23T09:45', now).problem).toBe('An entry cannot be in the future');
    expect(pastTime('2026-11-24T09:00', now).problem).toBe('An entry cannot be in the future');
    expect(pastTime('not a time', now).problem).toBe('Choose a date and time.');
  });
});
