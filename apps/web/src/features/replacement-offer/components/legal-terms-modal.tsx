import { useRef, useState } from 'react';
import { Text } from '@mantine/core';
import {
  LegalTermsModal,
  type LegalTermsModalProps,
} from '../../../components/ui/legal-terms-modal';

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
    <ReplacementTermsModal
      opened={isOpen}
      brandName={brandName}
      onAgree={() => close(true)}
      onCancel={() => close(false)}
    />
  );
  return { confirm, modal };
}

/** The legal terms of the replacement order (store-and-public-site §2 "Modals"); wording ours. */
function ReplacementTermsModal({
  brandName,
  ...props
}: LegalTermsModalProps & { brandName: string }) {
  return (
    <LegalTermsModal {...props} termsLabel="Terms of sale" agreeLabel="Agree and order">
      <Text size="sm">
        You are ordering a new {brandName} monitor for each device you ticked, at the price shown,
        charged once to the card you entered. Each new monitor replaces the device named beside it:
        its monitoring subscription, alarm settings and history move to the new one when you
        register it.
      </Text>
      <Text size="sm">
        The replaced device stops reporting once its cellular network closes; it does not need to be
        returned. The new monitor carries our one-year limited warranty and may be returned within
        30 days of delivery for a refund of this charge.
      </Text>
      <Text size="sm">
        This link is good for one order. Your card details go straight to our payment processor and
        are never stored by us.
      </Text>
    </LegalTermsModal>
  );
}
