import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { useAlarmChangeReport } from './use-alarm-change-report';

const RPT = '/api/devices/5/sendtext/RPT';

describe('telling the device to report after an alarm change', () => {
  let api: ReturnType<typeof mockApi>;
  beforeEach(() => {
    vi.useFakeTimers();
    api = mockApi([{ method: 'POST', path: RPT, answer: { body: { ok: true } } }]);
  });

  it('sends RPT after 2 ticks of 700 ms following a slider change, not before (device-management §4)', async () => {
    const { result } = renderHook(() => useAlarmChangeReport(5));
    act(() => result.current('slider'));
    await act(() => vi.advanceTimersByTimeAsync(1_399));
    expect(api.find('POST', RPT)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.find('POST', RPT)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.find('POST', RPT)).toHaveLength(1);
  });

  it('sends RPT after 10 ticks of 3 s following a puck alarm change (device-management §4)', async () => {
    const { result } = renderHook(() => useAlarmChangeReport(5));
    act(() => result.current('puckAlarm'));
    await act(() => vi.advanceTimersByTimeAsync(29_999));
    expect(api.find('POST', RPT)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.find('POST', RPT)).toHaveLength(1);
  });

  it('restarts the count on each change and sends one RPT for a burst of changes', async () => {
    const { result } = renderHook(() => useAlarmChangeReport(5));
    act(() => result.current('slider'));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    act(() => result.current('slider'));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(api.find('POST', RPT)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(api.find('POST', RPT)).toHaveLength(1);
  });

  it('sends a pending report at once when the page closes', async () => {
    const { result, unmount } = renderHook(() => useAlarmChangeReport(5));
    act(() => result.current('puckAlarm'));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.find('POST', RPT)).toHaveLength(1);
  });
});
