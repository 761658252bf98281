import '@mantine/core/styles/Radio.css';
import { Radio, Stack, Text } from '@mantine/core';
import type { BillingPlanOption } from '@monitor/contract/subscriptions';
import { describeSubscriptionOption } from '@monitor/domain/billing/subscriptions';
import { dollarsToCents } from '@monitor/domain/shared/money';

/** A plan option as the domain describes it: both amounts with 2 decimals per frequency (§9). */
export function describePlanOption(option: BillingPlanOption) {
  return describeSubscriptionOption({
    id: option.Id,
    planType: option.PlanType,
    billingAmount: dollarsToCents(Number(option.BillingAmount)),
    billingFrequency: option.BillingFrequency,
    isSelectable: option.Selectable,
  });
}

/**
 * The plan choice of the change-subscription screen (accounts-devices-billing §2, §9): the
 * device's plans in the server's picker order, Monthly first and Annual last. A plain radio
 * group, kept until the shared plan picker is in entities/billing.
 */
export function PlanChoice({
  options,
  value,
  onChange,
}: {
  options: BillingPlanOption[];
  value: number | null;
  onChange: (option: BillingPlanOption) => void;
}) {
  return (
    <Radio.Group
      label="Plan"
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const chosen = options.find((option) => String(option.Id) === next);
        if (chosen) onChange(chosen);
      }}
    >
      <Stack gap="sm" mt="xs">
        {options.map((option) => {
          const display = describePlanOption(option);
          return (
            <Radio
              key={option.Id}
              value={String(option.Id)}
              disabled={!option.Selectable}
              label={display.planType}
              description={
                <Text span size="sm" c="dimmed">
                  {display.periodAmount} per {display.period}
                  {option.BillingFrequency === 1 ? '' : ` (${display.monthlyAmount} per month)`}
                </Text>
              }
            />
          );
        })}
      </Stack>
    </Radio.Group>
  );
}
