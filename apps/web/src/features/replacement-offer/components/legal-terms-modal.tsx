import '@mantine/core/styles/Checkbox.css';
import { useRef, useState } from 'react';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';

/**
 * Asks for the legal terms before ordering: `confirm()` opens the modal and answers true once
 * agreed, false on cancel; `modal` is the element to render.
 */
export function useLegalTerms(brandName: string) {
  const [isOpen, setIsOpen] = useState(false);
  const settle = useRef<((agreed: boolean) => void) | null>(null);
  const close = (agreed: boolean) => {
    setIsOpen(false);
    settle.current?.(agreed);
    settle.current = null;
  };
  const confirm = () =>
    new Promise<boolean>((resolve) => {
      settle.current = resolve;
      setIsOpen(true);
    });
  const modal = (
    <LegalTermsModal
      opened={isOpen}
      brandName={brandName}
      onAgree={() => close(true)}
      onCancel={() => close(false)}
    />
  );
  return { confirm, modal };
}

/**
 * The legal terms agreement of the replacement order (store-and-public-site §2 "Modals"): neither
 * Escape nor the backdrop dismisses it, only its buttons. The spec quotes no terms; these are ours.
 */
function LegalTermsModal({
  opened,
  brandName,
  onAgree,
  onCancel,
}: {
  opened: boolean;
  brandName: string;
  onAgree: () => void;
  onCancel: () => void;
}) {
  const [isAgreed, setIsAgreed] = useState(false);
  const [wasOpened, setWasOpened] = useState(opened);
  if (wasOpened !== opened) {
    setWasOpened(opened);
    if (opened) setIsAgreed(false);
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
        <ScrollArea.Autosize mah={260} type="auto" tabIndex={0} aria-label="Terms of sale">
          <Stack gap="xs">
            <Text size="sm">
              You are ordering a new {brandName} monitor for each device you ticked, at the price
              shown, charged once to the card you entered. Each new monitor replaces the device
              named beside it: its monitoring subscription, alarm settings and history move to the
              new one when you register it.
            </Text>
            <Text size="sm">
              The replaced device stops reporting once its cellular network closes; it does not need
              to be returned. The new monitor carries our one-year limited warranty and may be
              returned within 30 days of delivery for a refund of this charge.
            </Text>
            <Text size="sm">
              This link is good for one order. Your card details go straight to our payment
              processor and are never stored by us.
            </Text>
          </Stack>
        </ScrollArea.Autosize>
        <Checkbox
          label="I have read and agree to the legal terms"
          checked={isAgreed}
          onChange={(event) => setIsAgreed(event.currentTarget.checked)}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={!isAgreed} onClick={onAgree}>
            Agree and order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
