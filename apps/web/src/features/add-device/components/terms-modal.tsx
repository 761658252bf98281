import '@mantine/core/styles/Checkbox.css';
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';

export type TermsModalProps = {
  opened: boolean;
  brandName: string;
  onAgree: () => void;
  onCancel: () => void;
};

/**
 * The legal terms agreement (accounts-devices-billing §2, §5): it must be agreed before the
 * device is saved, and neither Escape nor a click on the backdrop dismisses it — only its own
 * buttons do. The terms' wording is ours: the spec quotes none.
 */
export function TermsModal({ opened, brandName, onAgree, onCancel }: TermsModalProps) {
  const [isAgreed, setIsAgreed] = useState(false);
  // Each opening asks afresh.
  const [wasOpened, setWasOpened] = useState(opened);
  if (wasOpened !== opened) {
    setWasOpened(opened);
    if (opened) setIsAgreed(false);
  }
  return (
    <Modal
      opened={opened}
      // Only its buttons close it: Escape and the backdrop are off, and there is no close button.
      onClose={onCancel}
      closeOnEscape={false}
      closeOnClickOutside={false}
      withCloseButton={false}
      title="Legal terms"
      centered
      size="lg"
    >
      <Stack gap="md">
        <ScrollArea.Autosize mah={260} type="auto" tabIndex={0} aria-label="Terms of service">
          <Stack gap="xs">
            <Text size="sm">
              By registering this device you subscribe to the {brandName} monitoring service for the
              plan you chose. The service reports readings and sends the alarms you set up while the
              device has power, a cellular signal and an active subscription; it does not replace
              on-site supervision.
            </Text>
            <Text size="sm">
              Subscriptions renew at the end of each billing period until you suspend them. Charges
              already made are not refunded for a partial period. You may change your plan, card or
              alarm settings at any time from your account.
            </Text>
            <Text size="sm">
              Alarm messages are delivered through e-mail, text and phone carriers we do not
              control; delivery is not guaranteed. Keep your contact details up to date.
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
            Agree and register
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
