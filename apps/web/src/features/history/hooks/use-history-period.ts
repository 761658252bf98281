import { useState } from 'react';
import {
  computeCustomWindow,
  computePeriodWindow,
  canGoToNextPeriod,
  limitWindowToVisibleFrom,
  movePeriod,
  type CalendarPeriod,
  type HistoryWindow,
  type LocalDate,
} from '@monitor/domain/history/history-periods';

type Choice =
  { period: CalendarPeriod; offset: number } | { period: 'custom'; window: HistoryWindow };

export type CustomRangeResult = { isApplied: true } | { isApplied: false; message: string };

/** Words for a refused custom range (device-management §5). */
export const CUSTOM_RANGE_MESSAGES = {
  'invalid-date': 'Choose a first and a last day.',
  reversed: 'The last day is before the first day. Choose a last day on or after the first.',
  future: 'Choose days up to today: there are no readings from the future yet.',
} as const;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The first period shown: today, or the day of `initialAt` on the device's calendar (an alarm
 * log's "See on the graph", issue #23). A moment in the future, or before what a sub-account may
 * see, opens today instead.
 */
function initialChoice(
  initialAt: Date | null | undefined,
  now: Date,
  gmtOffsetHours: number,
  visibleFrom: Date | null,
): Choice {
  if (!initialAt || Number.isNaN(initialAt.getTime())) return { period: 'day', offset: 0 };
  const localDay = (at: Date) => Math.floor((at.getTime() + gmtOffsetHours * HOUR_MS) / DAY_MS);
  const offset = Math.min(0, localDay(initialAt) - localDay(now));
  const window = computePeriodWindow({ period: 'day', offset, now, gmtOffsetHours });
  return limitWindowToVisibleFrom(window, visibleFrom, gmtOffsetHours).isAllowed
    ? { period: 'day', offset }
    : { period: 'day', offset: 0 };
}

/**
 * The shown period of a history page (device-management §4 "Period navigation"): a calendar
 * period and its offset (0 or negative), or a custom range, always in the device's time zone.
 * Moves the domain refuses (next beyond the present, before a sub-account's start) leave the
 * period as it was and say why.
 */
export function useHistoryPeriod({
  now,
  gmtOffsetHours,
  visibleFrom,
  initialAt,
}: {
  now: Date;
  gmtOffsetHours: number;
  /** A sub-account's creation date; null for an owner. */
  visibleFrom: Date | null;
  /** A moment whose day opens first (the page's `at` query); today when absent. */
  initialAt?: Date | null;
}) {
  const [choice, setChoice] = useState<Choice>(() =>
    initialChoice(initialAt, now, gmtOffsetHours, visibleFrom),
  );
  const [refusal, setRefusal] = useState<string | null>(null);

  const window: HistoryWindow =
    choice.period === 'custom'
      ? choice.window
      : visibleWindow(
          computePeriodWindow({
            period: choice.period,
            offset: choice.offset,
            now,
            gmtOffsetHours,
          }),
          visibleFrom,
        );

  function move(direction: 'previous' | 'next') {
    if (choice.period === 'custom') return;
    const result = movePeriod({
      period: choice.period,
      offset: choice.offset,
      direction,
      now,
      gmtOffsetHours,
      visibleFrom,
    });
    if (result.isAllowed) {
      setRefusal(null);
      setChoice({ period: choice.period, offset: result.window.offset });
    } else if (result.reason === 'not-visible') {
      setRefusal(result.message);
    }
  }

  return {
    window,
    period: choice.period,
    refusal,
    canGoBack: choice.period !== 'custom',
    canGoForward: choice.period !== 'custom' && canGoToNextPeriod(choice.offset),
    previous: () => move('previous'),
    next: () => move('next'),
    /** Today, This Week, This Month, This Year: the period containing now. */
    showCurrent: (period: CalendarPeriod) => {
      setRefusal(null);
      setChoice({ period, offset: 0 });
    },
    /** A custom range of whole days, first and last included (device-management §5). */
    applyCustomRange: (fromDate: LocalDate, toDate: LocalDate): CustomRangeResult => {
      const result = computeCustomWindow({ fromDate, toDate, now, gmtOffsetHours, visibleFrom });
      if (!result.isValid) {
        return {
          isApplied: false,
          message:
            result.reason === 'not-visible' ? result.message : CUSTOM_RANGE_MESSAGES[result.reason],
        };
      }
      setRefusal(null);
      setChoice({ period: 'custom', window: result.window });
      return { isApplied: true };
    },
  };
}

/** The current period of a sub-account starts no earlier than it may see (device-management §5). */
function visibleWindow(window: HistoryWindow, visibleFrom: Date | null): HistoryWindow {
  if (!visibleFrom || window.from.getTime() >= visibleFrom.getTime()) return window;
  return { ...window, from: new Date(visibleFrom) };
}

export type HistoryPeriodState = ReturnType<typeof useHistoryPeriod>;
