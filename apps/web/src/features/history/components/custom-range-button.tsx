import { useId, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { HistoryWindow } from '@monitor/domain/history/history-periods';
import { CUSTOM_RANGE_MESSAGES, type CustomRangeResult } from '../hooks/use-history-period';
import { toLocalDateString } from '../lib/local-time';

const DAY_MS = 86_400_000;

const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

/**
 * The date-range select (device-management §2 modals): a first and a last day, no day after
 * today in the device's zone (device-management §5 "Custom range pickers allow no future dates").
 */
export function CustomRangeButton({
  isActive,
  now,
  gmtOffsetHours,
  window,
  onApply,
}: {
  isActive: boolean;
  now: Date;
  gmtOffsetHours: number;
  window: HistoryWindow;
  onApply: (fromDate: string, toDate: string) => CustomRangeResult;
}) {
  const [opened, setOpened] = useState(false);
  const [fromDate, setFromDate] = useState<string | null>(null);
  const [toDate, setToDate] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const today = toLocalDateString(now, gmtOffsetHours);
  const firstId = useId();
  const lastId = useId();
  // Said at the field as soon as it is chosen, not after 'Show this range' (issue #24); days are
  // YYYY-MM-DD, so they compare as strings.
  const isReversed = fromDate !== null && toDate !== null && toDate < fromDate;

  function open() {
    // Starts from the shown period, so a small change is a small edit.
    setFromDate(toLocalDateString(window.from, gmtOffsetHours));
    // …but never past today: the year under way ends in the future.
    const lastDay = Math.min(window.to.getTime() - DAY_MS, now.getTime());
    setToDate(
      toLocalDateString(new Date(Math.max(window.from.getTime(), lastDay)), gmtOffsetHours),
    );
    setMessage(null);
    setOpened(true);
  }

  function apply() {
    if (isReversed) return;
    const result = onApply(fromDate ?? '', toDate ?? '');
    if (result.isApplied) setOpened(false);
    else setMessage(result.message);
  }

  const pickerProps: Partial<DatePickerInputProps> = {
    maxDate: today,
    defaultDate: today,
    valueFormat: 'MMMM D, YYYY',
    clearable: false,
    ariaLabels: CALENDAR_LABELS,
    // Weeks start on Sunday, as the week period does (SPEC-NOTES.md); no red weekends or faint
    // neighbouring months, whose colours fall short of WCAG contrast.
    firstDayOfWeek: 0,
    weekendDays: [],
    hideOutsideDates: true,
  };
  // The calendar's popup is labelled by the element with the Popover's id; the picker field gets
  // that id, so the popup is named by the chosen day (axe: aria-dialog-name).
  const pickerIds = (id: string) => ({ id, popoverProps: { id } });

  return (
    <>
      <Button
        size="compact-md"
        variant={isActive ? 'filled' : 'default'}
        aria-pressed={isActive}
        onClick={open}
      >
        Custom range
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Choose a date range" centered>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Whole days in the device's time zone, up to today.
          </Text>
          <DatePickerInput
            {...pickerProps}
            {...pickerIds(firstId)}
            label="First day"
            value={fromDate}
            onChange={(value) => {
              setFromDate(value);
              setMessage(null);
            }}
          />
          <DatePickerInput
            {...pickerProps}
            {...pickerIds(lastId)}
            label="Last day"
            value={toDate}
            error={isReversed ? CUSTOM_RANGE_MESSAGES.reversed : undefined}
            onChange={(value) => {
              setToDate(value);
              setMessage(null);
            }}
          />
          {message && (
            <Alert color="red" role="alert">
              {message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button onClick={apply}>Show this range</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
