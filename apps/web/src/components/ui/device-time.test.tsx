import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceTime } from './device-time';

describe("a device's time on the pages (SPEC-NOTES.md: device times)", () => {
  afterEach(() => vi.useRealTimers());

  it("shows the time in the device's own zone, named, whatever the browser's zone, and how long ago it was", () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T13:46:10Z'), toFake: ['Date', 'setInterval'] });
    const { container } = render(
      <p>
        <DeviceTime at="2026-11-23T13:43:00.000Z" timeZone={-8} />
      </p>,
    );
    expect(container).toHaveTextContent('Monday, November 23, 2026 at 5:43 AM PST · 3 min ago');
    expect(screen.getByText(/5:43 AM PST/).closest('time')).toHaveAttribute(
      'datetime',
      '2026-11-23T13:43:00.000Z',
    );
    // The page stays open: the time since moves on without a new reading.
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(container).toHaveTextContent('· 4 min ago');
  });
});
