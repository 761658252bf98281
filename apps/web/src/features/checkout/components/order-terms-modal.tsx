import { useState } from 'react';
import { Button, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { PlainCheckbox } from './plain-checkbox';

export type OrderTermsModalProps = {
  opened: boolean;
  brandName: string;
  onAgree: () => void;
  onCancel: () => void;
};

/**
 * The legal terms agreement before an order (store-and-public-site §2 "Modals", §4 "Checkout"):
 * neither Escape nor a click on the backdrop dismisses it, only its own buttons. The wording is
 * ours: the spec quotes none.
 */
export function OrderTermsModal({ opened, brandName, onAgree, onCancel }: OrderTermsModalProps) {
  const [isAgreed, setIsAgreed] = useState(false);
  const [wasOpened, setWasOpened] = useState(opened);
  if (wasOpened !== opened) {
    setWasOpened(opened);
    if (opened) setIsAgreed(false); // each opening asks afresh
  }
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      closeOnEscape={false}
      closeOnClickOutside={false}
      withCloseButton={false}
      title="Legal terms"
      centered
      size="lg"
    >
      <Stack gap="md">
        <ScrollArea.Autosize
          mah={260}
          type="auto"
          tabIndex={0}
          role="region"
          aria-label="Terms of sale"
        >
          <Stack gap="xs">
            <Text size="sm">
              You are buying from {brandName}. Your card is charged the total shown once the order
              is placed; prices, discounts, shipping and tax are confirmed by our system when the
              order is recorded.
            </Text>
            <Text size="sm">
              Monitors need an active monitoring subscription, chosen when you register the device
              in your account. Instant updates and upgrades are credited to the device you chose and
              are not refundable once used.
            </Text>
            <Text size="sm">
              Unused products may be returned within 30 days as our returns page describes. Delivery
              dates are estimates from the carrier and are not guaranteed.
            </Text>
          </Stack>
        </ScrollArea.Autosize>
        <PlainCheckbox
          label="I have read and agree to the legal terms"
          checked={isAgreed}
          onChange={setIsAgreed}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={!isAgreed} onClick={onAgree}>
            Agree and place order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
