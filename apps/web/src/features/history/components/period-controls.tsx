import '@mantine/core/styles/Tooltip.css';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { ChevronLeftIcon } from '../../../components/ui/icons/chevron-left-icon';
import { ChevronRightIcon } from '../../../components/ui/icons/chevron-right-icon';
import type { CalendarPeriod } from '@monitor/domain/history/history-periods';
import type { HistoryPeriodState } from '../hooks/use-history-period';
import { formatWindow } from '../lib/local-time';
import { CustomRangeButton } from './custom-range-button';

const CURRENT_PERIODS: readonly { period: CalendarPeriod; label: string }[] = [
  { period: 'day', label: 'Today' },
  { period: 'week', label: 'This Week' },
  { period: 'month', label: 'This Month' },
  { period: 'year', label: 'This Year' },
];

const PERIOD_NOUN: Readonly<Record<CalendarPeriod, string>> = {
  day: 'day',
  week: 'week',
  month: 'month',
  year: 'year',
};

/**
 * Period navigation (device-management §2, §4): Today, This Week, This Month, This Year, a custom
 * range, and previous / next, next only while the shown period is in the past.
 */
export function PeriodControls({
  state,
  now,
  gmtOffsetHours,
  zoneLabel,
}: {
  state: HistoryPeriodState;
  now: Date;
  gmtOffsetHours: number;
  /** 'Eastern (GMT-5)'. */
  zoneLabel: string;
}) {
  const noun = state.period === 'custom' ? 'period' : PERIOD_NOUN[state.period];
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap" role="group" aria-label="Period">
        {CURRENT_PERIODS.map(({ period, label }) => {
          const isCurrent = state.period === period && !state.canGoForward;
          return (
            <Button
              key={period}
              size="compact-md"
              variant={isCurrent ? 'filled' : 'default'}
              aria-pressed={isCurrent}
              onClick={() => state.showCurrent(period)}
            >
              {label}
            </Button>
          );
        })}
        <CustomRangeButton
          isActive={state.period === 'custom'}
          now={now}
          gmtOffsetHours={gmtOffsetHours}
          window={state.window}
          onApply={state.applyCustomRange}
        />
      </Group>
      <Group gap="xs" wrap="nowrap" justify="space-between" maw={660}>
        <Tooltip label={`Previous ${noun}`} disabled={!state.canGoBack}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Previous ${noun}`}
            disabled={!state.canGoBack}
            onClick={state.previous}
          >
            <ChevronLeftIcon size={18} />
          </ActionIcon>
        </Tooltip>
        <Stack gap={0} align="center" style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} ta="center" aria-live="polite" data-testid="history-period">
            {formatWindow(state.window, gmtOffsetHours)}
          </Text>
          <Text size="xs" c="dimmed" ta="center">
            Times in {zoneLabel}
          </Text>
        </Stack>
        <Tooltip
          label={state.canGoForward ? `Next ${noun}` : 'This is the latest period'}
          disabled={state.period === 'custom'}
        >
          {/* A disabled button takes no focus, so the reason sits in its name too. */}
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={state.canGoForward ? `Next ${noun}` : `Next ${noun} (not yet available)`}
            disabled={!state.canGoForward}
            onClick={state.next}
          >
            <ChevronRightIcon size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}
