import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRegisteredAnnouncements } from './announcements';

describe('useRegisteredAnnouncements', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows 'Device {serial} registered.' 400 ms after each registration (accounts-devices-billing §9)", () => {
    const { result } = renderHook(() => useRegisteredAnnouncements());
    act(() => {
      result.current.announce(['ABC123', 'DEF456']);
    });
    act(() => {
      vi.advanceTimersByTime(399);
    });
    expect(result.current.messages).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.messages).toEqual(['Device ABC123 registered.']);
    act(() => {
      vi.advanceTimersByTime(399);
    });
    expect(result.current.messages).toEqual(['Device ABC123 registered.']);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.messages).toEqual([
      'Device ABC123 registered.',
      'Device DEF456 registered.',
    ]);
  });
});
