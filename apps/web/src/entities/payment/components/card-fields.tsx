import { Alert, Box, Button, Group, List, Loader, Text } from '@mantine/core';
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import {
  PAYMENT_FIELD_MESSAGES,
  type PaymentFormFlag,
  type PaymentFormFlags,
} from '@monitor/domain/billing/payment-errors';
import { ApiError } from '../../../lib/api-client';
import { useBrandMessage } from '../../../lib/brand-context';
import { getClientToken } from '../api/get-client-token';
import {
  openCardFields,
  type CardFieldsInstance,
  type TokenizedCard,
} from '../lib/card-fields-client';
import { CardFieldsError } from '../lib/processor-errors';

/** accounts-devices-billing §8: the payment form could not load its payment information. */
export const CARD_FIELDS_LOAD_FAILED =
  'An error occurred while loading payment related info. Please contact customer service.';

export type CardFieldsHandle = {
  /** The typed card as a single-use nonce; rejects with a CardFieldsError the filter reads. */
  tokenize(): Promise<TokenizedCard>;
};

export type CardFieldsProps = {
  ref?: Ref<CardFieldsHandle>;
  /** The caller's own processor customer id (their vaulted cards); none for a new customer. */
  customerId?: string | null;
  /** The payment error filter's field flags, shown under the fields. */
  flags?: PaymentFormFlags | null;
};

/**
 * §8: a client token failure shows the server's message text — the provider's own words when it
 * refused (502) — and the operation's message when the server failed (500) or was not reached.
 */
function loadFailureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 && error.status !== 500 && error.message
    ? error.message
    : fallback;
}

type State = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; error: unknown };

/**
 * The card capture of every card form (decision 038): the payment processor's own fields in its
 * frame — the local processor's page, or Braintree's Hosted Fields, by the client token — so the
 * card number never enters this page's script or the product's API; only the nonce does.
 */
export function CardFields({ ref, customerId, flags }: CardFieldsProps) {
  const fill = useBrandMessage();
  const container = useRef<HTMLDivElement>(null);
  const instance = useRef<CardFieldsInstance | null>(null);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const flagsId = useId();

  useEffect(() => {
    const box = container.current;
    if (!box) return;
    let cancelled = false;
    let opened: CardFieldsInstance | null = null;
    setState({ status: 'loading' });
    (async () => {
      const { ClientToken } = await getClientToken(customerId);
      if (cancelled) return;
      opened = await openCardFields(ClientToken, box);
      if (cancelled) {
        void opened.teardown();
        return;
      }
      instance.current = opened;
      setState({ status: 'ready' });
    })().catch((error: unknown) => {
      if (!cancelled) setState({ status: 'failed', error });
    });
    return () => {
      cancelled = true;
      instance.current = null;
      void opened?.teardown();
    };
  }, [customerId, attempt]);

  useImperativeHandle(
    ref,
    () => ({
      tokenize: () =>
        instance.current
          ? instance.current.tokenize()
          : Promise.reject(
              new CardFieldsError('The card fields are not ready.', [
                { message: 'Missing field: the card fields are still loading.' },
              ]),
            ),
    }),
    [],
  );

  const flagged = (Object.keys(PAYMENT_FIELD_MESSAGES) as PaymentFormFlag[]).filter(
    (flag) => flags?.[flag],
  );
  return (
    <Box
      component="fieldset"
      aria-describedby={flagged.length > 0 ? flagsId : undefined}
      aria-busy={state.status === 'loading'}
      m={0}
      p="sm"
      style={{
        border: `1px solid var(--mantine-color-${flagged.length > 0 ? 'red-7' : 'gray-4'})`,
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Text component="legend" fw={600} size="sm" px={4}>
        Card details
      </Text>
      {state.status === 'loading' && (
        <Group gap="xs" py="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">Loading the secure card fields…</Text>
        </Group>
      )}
      {state.status === 'failed' && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm">{loadFailureMessage(state.error, fill(CARD_FIELDS_LOAD_FAILED))}</Text>
          <Button mt="xs" size="xs" variant="default" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </Alert>
      )}
      <div ref={container} hidden={state.status === 'failed'} />
      {flagged.length > 0 && (
        <List id={flagsId} size="sm" c="red.8" mt="xs" aria-label="Fields to correct">
          {flagged.map((flag) => (
            <List.Item key={flag}>{PAYMENT_FIELD_MESSAGES[flag]}</List.Item>
          ))}
        </List>
      )}
    </Box>
  );
}
