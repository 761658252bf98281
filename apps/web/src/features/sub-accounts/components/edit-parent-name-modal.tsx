import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { useBrandMessage } from '../../../lib/brand-context';
import { errorMessageFor } from '../../../lib/api-client';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useEditParentNameMutation } from '../api/edit-parent-name';
import { Form } from '../../../components/ui/form';

type Props = {
  opened: boolean;
  onClose: () => void;
  userId: number;
  currentName: string;
  /** After the rename the user is signed out (device-management §4 "Sub-account flow"). */
  onRenamed: () => void;
};

/** Renames the parent account as its sub-accounts see it. */
export function EditParentNameModal({ opened, onClose, userId, currentName, onRenamed }: Props) {
  const fill = useBrandMessage();
  const showError = useErrorModal();
  const mutation = useEditParentNameMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: currentName },
    validate: { name: (value) => (value.trim() ? null : 'Enter your name.') },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Edit your name" centered>
      <Form
        noValidate
        onSubmit={form.onSubmit((values) =>
          mutation.mutate(
            { userId, name: values.name.trim() },
            {
              onSuccess: onRenamed,
              onError: (error) =>
                showError(errorMessageFor(error, fill(MESSAGES.updateUserFailed))),
            },
          ),
        )}
      >
        <Stack gap="sm">
          <TextInput
            label="Your name"
            description="First name, then last name, as your sub-accounts see it."
            autoComplete="name"
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Text size="sm" c="dimmed">
            You will be signed out after saving; sign in again to continue.
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Save and sign out
            </Button>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
