import { useEffect, useRef } from 'react';
import { Button, Group, Modal, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useSubAccountDetails } from '../api/fetch-sub-account-details';
import { useEditSubAccountMutation } from '../api/edit-sub-account-details';
import { Form } from '../../../components/ui/form';

type Props = { subUserId: number | null; onClose: () => void };

/** Edits a sub-account's first and last name, loaded fresh from fetchSubAccountDetails (device-management §4). */
export function EditSubAccountModal({ subUserId, onClose }: Props) {
  const showError = useErrorModal();
  const details = useSubAccountDetails(subUserId);
  const mutation = useEditSubAccountMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '' },
    validate: {
      firstName: (value) => (value.trim() ? null : 'Enter a first name.'),
      lastName: (value) => (value.trim() ? null : 'Enter a last name.'),
    },
  });
  const loaded = details.data;
  const { setValues, resetDirty } = form;

  useEffect(() => {
    if (!loaded) return;
    const values = { firstName: loaded.FirstName, lastName: loaded.LastName };
    setValues(values);
    resetDirty(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refill only when another sub-account loads
  }, [loaded?.Id]);

  // One alert per failed load, however often the parent re-renders with a new onClose.
  const failedAt = details.isError ? details.errorUpdatedAt : 0;
  const reportedFailure = useRef(0);
  useEffect(() => {
    if (failedAt === 0 || reportedFailure.current === failedAt) return;
    reportedFailure.current = failedAt;
    showError(DEVICE_MANAGEMENT_MESSAGES.fetchSubAccountFailed);
    onClose();
  }, [failedAt, showError, onClose]);

  return (
    <Modal opened={subUserId !== null} onClose={onClose} title="Edit sub-account" centered>
      <Form
        noValidate
        onSubmit={form.onSubmit((values) => {
          if (subUserId === null) return;
          mutation.mutate(
            { subUserId, firstName: values.firstName.trim(), lastName: values.lastName.trim() },
            {
              onSuccess: onClose,
              onError: () => showError(DEVICE_MANAGEMENT_MESSAGES.editSubAccountFailed),
            },
          );
        })}
      >
        <Stack gap="sm">
          {loaded ? (
            <Text size="sm" c="dimmed">
              {loaded.EmailAddress}
            </Text>
          ) : (
            <Skeleton height={20} width="60%" aria-hidden />
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="First name"
              disabled={!loaded}
              data-autofocus
              {...form.getInputProps('firstName')}
            />
            <TextInput label="Last name" disabled={!loaded} {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending} disabled={!loaded}>
              Save
            </Button>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
