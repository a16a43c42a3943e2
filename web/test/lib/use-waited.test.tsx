import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWaited } from '../../src/lib/use-waited.ts';

describe('useWaited', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns true once a wait has lasted its time, false when it ends, and a new wait starts from zero', () => {
    const { result, rerender } = renderHook(({ waiting }) => useWaited(waiting, 3000), {
      initialProps: { waiting: true },
    });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);

    rerender({ waiting: false });
    expect(result.current).toBe(false);
    rerender({ waiting: true });
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(true);
  });
});
