import { Button, Group, Modal, Table, Text } from '@mantine/core';
import { formatFriendlyDate } from '../../../lib/format';
import type { PlanChangePreviewAnswer } from '../api/preview-plan-change';
import { formatAmount, planLabelOf } from '../lib/subscription-display';

/**
 * The plan change the owner is about to make, as the server priced it (decision 065): old → new
 * price, the start, the first billing date and what is charged then, and the credit for the old
 * plan's unused days. Nothing here is computed in the browser.
 */
export function PlanChangeConfirm({
  preview,
  isCard,
  confirmLabel,
  isConfirming,
  onConfirm,
  onCancel,
}: {
  preview: PlanChangePreviewAnswer | null;
  /** A card subscription (not a billed one): what is due today goes on the card on file. */
  isCard: boolean;
  confirmLabel: string;
  isConfirming: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const close = () => {
    if (!isConfirming) onCancel();
  };
  return (
    <Modal opened={preview !== null} onClose={close} title="Confirm plan change" centered>
      {preview && (
        <>
          <Table variant="vertical" layout="fixed" withRowBorders={false}>
            <Table.Tbody>
              <Row label="Current plan">
                {planLabelOf({
                  SubscriptionType: preview.CurrentPlanType,
                  BillingAmount: preview.CurrentBillingAmount,
                  BillingFrequency: preview.CurrentBillingFrequency,
                })}
              </Row>
              <Row label="New plan">
                {planLabelOf({
                  SubscriptionType: preview.PlanType,
                  BillingAmount: preview.BillingAmount,
                  BillingFrequency: preview.BillingFrequency,
                })}
              </Row>
              <Row label="Starts">{formatFriendlyDate(preview.StartDate)}</Row>
              <Row label="Next billing date">
                {preview.IsChargedNow ? 'Today' : formatFriendlyDate(preview.FirstBillingDate)}
              </Row>
              <Row label="Credit for unused days of your previous plan">
                {formatAmount(preview.Credit)}
              </Row>
              <Row label={preview.IsChargedNow ? 'Charged today' : 'First charge'}>
                {formatAmount(preview.FirstChargeSubtotal)} plus tax
              </Row>
            </Table.Tbody>
          </Table>
          {preview.IsChargedNow && isCard && (
            <Text size="sm" mt="sm">
              The card on file is charged when you confirm.
            </Text>
          )}
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close} disabled={isConfirming}>
              Keep current plan
            </Button>
            <Button onClick={onConfirm} loading={isConfirming} data-autofocus>
              {confirmLabel}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="45%">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}
