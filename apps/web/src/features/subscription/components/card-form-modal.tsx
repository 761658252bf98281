import '@mantine/core/styles/Radio.css';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import {
  CardFields,
  type CardFieldsHandle,
} from '../../../entities/payment/components/card-fields';
import { PaymentErrorAlert } from '../../../entities/payment/components/payment-error-alert';
import { usePaymentErrors } from '../../../entities/payment/hooks/use-payment-errors';
import { useBrandMessage } from '../../../lib/brand-context';
import { Form } from '../../../components/ui/form';

type TokenizedCard = Awaited<ReturnType<CardFieldsHandle['tokenize']>>;

export type CardFormModalProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  description: string;
  submitLabel: string;
  /** The caller's vault customer id, for the client token (decision 038). */
  customerId: string | null;
  /** Saves the card's nonce; throws the API's error (a refusal carries processorErrors). */
  onSubmit: (card: TokenizedCard) => Promise<unknown>;
  /** Shown once saved; the modal then closes after `closeDelayMs`. */
  savedMessage: string;
  closeDelayMs: number;
  /** The operation's message when the server fails or cannot be reached (§8). */
  failureMessage: string;
  /**
   * The card the server holds for this payment ('Visa ending in 1111'), offered first so the
   * owner is not asked to type a card again; `onPay` saves with it (no nonce).
   */
  cardOnFile?: { label: string; onPay: () => Promise<unknown> } | undefined;
};

type CardChoice = 'onFile' | 'another';

/**
 * A card form in a modal (accounts-devices-billing §2, §8): the processor's card fields, the
 * payment error filter's alert and field flags on a refusal, and after a save the confirmation,
 * closing by itself after `closeDelayMs` (§9: 2 s after the card is saved).
 */
export function CardFormModal({
  opened,
  onClose,
  title,
  description,
  submitLabel,
  customerId,
  onSubmit,
  savedMessage,
  closeDelayMs,
  failureMessage,
  cardOnFile,
}: CardFormModalProps) {
  const fill = useBrandMessage();
  const cardRef = useRef<CardFieldsHandle>(null);
  const payment = usePaymentErrors();
  const [phase, setPhase] = useState<'editing' | 'saving' | 'saved'>('editing');
  const [choice, setChoice] = useState<CardChoice>('onFile');
  const isOnFile = cardOnFile !== undefined && choice === 'onFile';
  // The parent's latest onClose, so its re-renders (the reload after a save) do not restart the delay.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    if (phase !== 'saved') return;
    const timer = setTimeout(() => {
      setPhase('editing');
      setChoice('onFile');
      closeRef.current();
    }, closeDelayMs);
    return () => clearTimeout(timer);
  }, [phase, closeDelayMs]);

  async function submit() {
    if (phase !== 'editing') return;
    const fields = cardRef.current;
    if (!isOnFile && !fields) return;
    payment.clear();
    setPhase('saving');
    try {
      if (isOnFile) await cardOnFile.onPay();
      else if (fields) await onSubmit(await fields.tokenize());
      setPhase('saved');
    } catch (error) {
      payment.fail(error, fill(failureMessage));
      setPhase('editing');
    }
  }

  function close() {
    if (phase === 'saving') return;
    payment.clear();
    setPhase('editing');
    setChoice('onFile');
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeOnClickOutside={phase !== 'saving'}
      closeOnEscape={phase !== 'saving'}
    >
      {phase === 'saved' ? (
        <Alert color="teal" variant="light" role="status">
          {savedMessage}
        </Alert>
      ) : (
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <Text size="sm">{description}</Text>
            <PaymentErrorAlert outcome={payment.outcome} />
            {cardOnFile && (
              <Radio.Group
                label="Pay with"
                value={choice}
                onChange={(value) => {
                  payment.clear();
                  setChoice(value);
                }}
              >
                <Stack gap="xs" mt="xs">
                  <Radio value="onFile" label={`The card on file: ${cardOnFile.label}`} />
                  <Radio value="another" label="Another card" />
                </Stack>
              </Radio.Group>
            )}
            {!isOnFile && (
              <CardFields ref={cardRef} customerId={customerId} flags={payment.outcome?.flags} />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={phase === 'saving'}>
                Cancel
              </Button>
              <Button type="submit" loading={phase === 'saving'}>
                {submitLabel}
              </Button>
            </Group>
          </Stack>
        </Form>
      )}
    </Modal>
  );
}
