import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGrowingProgress } from './use-growing-progress';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useGrowingProgress', () => {
  it('grows by 20 % every 300 ms while active (accounts-devices-billing §2)', () => {
    const { result } = renderHook(() => useGrowingProgress(true));
    expect(result.current).toBe(0);
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(result.current).toBe(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(20);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(result.current).toBe(40);
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(result.current).toBe(80);
  });

  it('holds at 100 while the wait goes on, and is 0 again once it ends (accounts-devices-billing §2)', () => {
    const { result, rerender } = renderHook(({ active }) => useGrowingProgress(active), {
      initialProps: { active: true },
    });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(result.current).toBe(100);
    rerender({ active: false });
    expect(result.current).toBe(0);
    rerender({ active: true });
    expect(result.current).toBe(0);
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(result.current).toBe(20);
  });
});
