import { describe, expect, it } from 'vitest';
import {
  FUTURE_SKEW_MS,
  fromLocalInputValue,
  isInFuture,
  toLocalInputValue,
} from '../../src/lib/local-time.ts';

describe('datetime-local values', () => {
  it('round-trips an instant to the minute in the local zone', () => {
    const instant = new Date(2025, 2, 30, 2, 30, 45);
    const value = toLocalInputValue(instant);
    expect(value).toMatch(/^2025-03-30T\d\d:30$/);
    expect(fromLocalInputValue(value)?.getMinutes()).toBe(30);
    expect(fromLocalInputValue('2026-01-05T07:08')).toEqual(new Date(2026, 0, 5, 7, 8));
  });

  it('names no instant for an empty or malformed value', () => {
    expect(fromLocalInputValue('')).toBeUndefined();
    expect(fromLocalInputValue('yesterday')).toBeUndefined();
    expect(fromLocalInputValue('2026-01-05 07:08')).toBeUndefined();
  });

  it('calls a time future only beyond the allowed clock skew', () => {
    const now = new Date('2026-11-23T08:00:00Z');
    expect(isInFuture(new Date(now.getTime() + FUTURE_SKEW_MS), now)).toBe(false);
    expect(isInFuture(new Date(now.getTime() + FUTURE_SKEW_MS + 1), now)).toBe(true);
    expect(isInFuture(new Date('2020-01-01T00:00:00Z'), now)).toBe(false);
  });
});
