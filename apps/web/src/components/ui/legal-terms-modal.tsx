import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, ScrollArea, Stack } from '@mantine/core';
import { PlainCheckbox } from './plain-checkbox';

export type LegalTermsModalProps = {
  opened: boolean;
  onAgree: () => void;
  onCancel: () => void;
};

/**
 * A legal terms agreement (accounts-devices-billing §2, §5; store-and-public-site §2 "Modals"):
 * neither Escape nor a click on the backdrop dismisses it — only its own buttons do — and each
 * opening asks afresh. The terms themselves are the caller's (`children`): the spec quotes none.
 */
export function LegalTermsModal({
  opened,
  onAgree,
  onCancel,
  termsLabel,
  agreeLabel,
  children,
}: LegalTermsModalProps & { termsLabel: string; agreeLabel: string; children: ReactNode }) {
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
        <ScrollArea.Autosize
          mah={260}
          type="auto"
          tabIndex={0}
          role="region"
          aria-label={termsLabel}
        >
          <Stack gap="xs">{children}</Stack>
        </ScrollArea.Autosize>
        <PlainCheckbox
          label="I have read and agree to the legal terms"
          checked={isAgreed}
          onChange={setIsAgreed}
          isAutoFocused
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={!isAgreed} onClick={onAgree}>
            {agreeLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
