import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import type { SubAccount } from '@monitor/contract/sub-accounts';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useAddSubAccountToDeviceMutation } from '../api/add-sub-account-to-device';
import { Form } from '../../../components/ui/form';

type Props = {
  opened: boolean;
  onClose: () => void;
  userDeviceId: number;
  /** The parent's sub-accounts that do not see this device yet. */
  candidates: SubAccount[];
};

/** Gives this device to a sub-account the parent already has (device-management §4). */
export function AddExistingSubAccountModal({ opened, onClose, userDeviceId, candidates }: Props) {
  const showError = useErrorModal();
  const mutation = useAddSubAccountToDeviceMutation();
  const [selected, setSelected] = useState<string | null>(null);

  const close = () => {
    setSelected(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Add an existing sub-account" centered>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!selected) return;
          mutation.mutate(
            { userDeviceId, subUserId: Number(selected) },
            {
              onSuccess: close,
              onError: () => showError(DEVICE_MANAGEMENT_MESSAGES.addSubAccountToDeviceFailed),
            },
          );
        }}
      >
        <Stack gap="sm">
          {candidates.length === 0 ? (
            <Text>Every one of your sub-accounts already sees this device.</Text>
          ) : (
            <NativeSelect
              label="Sub-account"
              data={[
                { value: '', label: 'Choose a sub-account' },
                ...candidates.map((sub) => ({
                  value: String(sub.Id),
                  label: `${sub.FirstName} ${sub.LastName} (${sub.EmailAddress})`,
                })),
              ]}
              value={selected ?? ''}
              onChange={(event) => setSelected(event.currentTarget.value || null)}
              data-autofocus
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={!selected}>
              Add to device
            </Button>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
