import { useId } from 'react';
import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { BillingPlanOption } from '@monitor/contract/subscriptions';
import { computeSeasonalStartRange } from '@monitor/domain/billing/subscription-start';
import { parseIsoDate, type IsoDate } from '@monitor/domain/shared/calendar-date';
import { formatMonthlyRate, formatPlanAmount, type PlanSelection } from '../lib/plans';
import { billingToday } from '../lib/billing-today';

const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

export type PlanChoiceProps = {
  /** The plans in the server's order (Monthly first, Annual last, §9). */
  options: readonly BillingPlanOption[];
  value: PlanSelection | null;
  onChange: (selection: PlanSelection) => void;
  /** A new device's seasonal start may go 6 months back; an existing one's starts today or later (§5). */
  isNewDevice: boolean;
  /** An existing subscription's next billing date: its seasonal start is not earlier (§5). */
  nextBillingDate?: string | null;
  error?: string | null;
  disabled?: boolean;
  /** The billing day; today in New York unless a test gives one. */
  today?: IsoDate;
};

/**
 * The plan choice (accounts-devices-billing §3, §5, §9): one radio card per plan with its amount
 * per billing frequency, and for a seasonal plan the start date picker (a new device 6 months back
 * to 9 ahead; an existing subscription from today or its next billing date to 9 months on).
 */
export function PlanChoice({
  options,
  value,
  onChange,
  isNewDevice,
  nextBillingDate = null,
  error,
  disabled = false,
  today = billingToday(),
}: PlanChoiceProps) {
  const startId = useId();
  const range = computeSeasonalStartRange({
    today,
    isNewDevice,
    nextBillingDate: parseIsoDate(nextBillingDate),
  });
  const defaultStart = isNewDevice ? today : range.min;

  function choose(id: string) {
    const option = options.find((candidate) => String(candidate.Id) === id);
    if (!option) return;
    const startDate = option.PlanType === 'Seasonal' ? (value?.startDate ?? defaultStart) : null;
    onChange({ option, startDate });
  }

  return (
    <Stack gap="sm">
      <Radio.Group
        label="Subscription plan"
        value={value ? String(value.option.Id) : null}
        onChange={choose}
        error={error}
        name={`plan-${startId}`}
      >
        <SimpleGrid cols={{ base: 1, sm: Math.min(options.length, 3) }} spacing="sm" mt="xs">
          {options.map((option) => {
            const rate = formatMonthlyRate(option);
            return (
              <Radio.Card
                key={option.Id}
                value={String(option.Id)}
                disabled={disabled || !option.Selectable}
                radius="md"
                p="md"
                aria-label={`${option.PlanType}, ${formatPlanAmount(option)}`}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <Stack gap={2}>
                    <Text fw={600}>{option.PlanType}</Text>
                    <Text size="sm">{formatPlanAmount(option)}</Text>
                    {rate && (
                      <Text size="xs" c="dimmed">
                        {rate}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Radio.Card>
            );
          })}
        </SimpleGrid>
      </Radio.Group>
      {value?.option.PlanType === 'Seasonal' && (
        <DatePickerInput
          id={startId}
          popoverProps={{ id: startId }}
          label="Season start date"
          description="Your seasonal subscription begins on this day."
          value={value.startDate}
          minDate={range.min}
          maxDate={range.max}
          defaultDate={value.startDate ?? defaultStart}
          valueFormat="MMMM D, YYYY"
          clearable={false}
          disabled={disabled}
          ariaLabels={CALENDAR_LABELS}
          firstDayOfWeek={0}
          weekendDays={[]}
          hideOutsideDates
          onChange={(day) => {
            const startDate = parseIsoDate(day);
            if (startDate) onChange({ option: value.option, startDate });
          }}
        />
      )}
    </Stack>
  );
}
