import { Alert, Stack, Text } from '@mantine/core';
import type { PaymentFormError } from '../lib/payment-error-outcome';

/** The payment error filter's messages above a card form, announced when they appear. */
export function PaymentErrorAlert({ outcome }: { outcome: PaymentFormError | null }) {
  if (!outcome) return null;
  return (
    <Alert color="red" variant="light" role="alert" title="Your payment was not completed">
      <Stack gap={4}>
        {outcome.messages.map((message) => (
          <Text key={message} size="sm">
            {message}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
