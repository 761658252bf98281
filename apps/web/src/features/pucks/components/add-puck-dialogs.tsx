import { Button, Group, Modal, Text } from '@mantine/core';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { PuckSubscriptionDialog } from './puck-subscription-dialog';

/** The questions and messages that close the add-puck flow (device-management §4 "Add puck flow"). */
export type FinishDialog =
  | { kind: 'subscription'; isBillable: boolean }
  | { kind: 'register-another' }
  | { kind: 'activation' }
  | { kind: 'message'; title: string; message: string };

export const ACTIVATION_MESSAGES = {
  /** The device was told to report: wording ours, the spec paraphrases it. */
  downloading:
    "Your SPuck's data will download to your device in 2 to 5 minutes. Please do not unplug your device in the meantime.",
  /** The report text failed, or the device is not plugged in with a solid green light. */
  nextStart:
    "Your SPuck's information will load the next time your device is plugged in or starts its seasonal monitoring.",
} as const;

export type AddPuckDialogsProps = {
  dialog: FinishDialog | null;
  isBusy: boolean;
  /** The signed-in owner and the user device the puck is added to (the subscription dialog's payment). */
  userId: number;
  userDeviceId: number;
  /** The subscription dialog's result false: the puck is removed and the flow returns to /devices. */
  onSubscriptionCancel: () => void;
  /** The subscription dialog's result true: paid, recurring payment updated; on to step 2. */
  onSubscriptionPaid: () => void;
  onRegisterAnother: (isYes: boolean) => void;
  onActivation: (isYes: boolean) => void;
  onMessageClose: () => void;
};

/** One dialog at a time, each with a title; Escape or closing answers "No" / "Cancel". */
export function AddPuckDialogs({
  dialog,
  isBusy,
  userId,
  userDeviceId,
  onSubscriptionCancel,
  onSubscriptionPaid,
  onRegisterAnother,
  onActivation,
  onMessageClose,
}: AddPuckDialogsProps) {
  return (
    <>
      <PuckSubscriptionDialog
        opened={dialog?.kind === 'subscription'}
        userId={userId}
        userDeviceId={userDeviceId}
        isBillable={dialog?.kind === 'subscription' && dialog.isBillable}
        isCancelling={isBusy}
        onCancel={onSubscriptionCancel}
        onPaid={onSubscriptionPaid}
      />
      <ConfirmModal
        opened={dialog?.kind === 'register-another'}
        title="Register another SPuck?"
        message="Would you like to register another?"
        confirmLabel="Yes"
        cancelLabel="No"
        onConfirm={() => onRegisterAnother(true)}
        onCancel={() => onRegisterAnother(false)}
      />
      <ConfirmModal
        opened={dialog?.kind === 'activation'}
        title="Is your device ready?"
        message="Is your device plugged in and showing a solid green light?"
        confirmLabel="Yes"
        cancelLabel="No"
        isConfirming={isBusy}
        onConfirm={() => onActivation(true)}
        onCancel={() => onActivation(false)}
      />
      <Modal
        opened={dialog?.kind === 'message'}
        onClose={onMessageClose}
        title={dialog?.kind === 'message' ? dialog.title : ''}
        centered
      >
        <Text>{dialog?.kind === 'message' ? dialog.message : ''}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={onMessageClose} data-autofocus>
            OK
          </Button>
        </Group>
      </Modal>
    </>
  );
}
