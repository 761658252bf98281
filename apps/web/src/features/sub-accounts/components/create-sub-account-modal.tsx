// Component CSS not in app/styles.ts (decision 003): loaded with the dialog only.
import '@mantine/core/styles/Checkbox.css';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { errorMessageFor } from '../../../lib/api-client';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useCreateSubAccountMutation } from '../api/create-sub-account';
import { Form } from '../../../components/ui/form';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Props = { opened: boolean; onClose: () => void; parentId: number; userDeviceId: number };

const INITIAL = {
  firstName: '',
  lastName: '',
  emailAddress: '',
  password: '',
  confirmPassword: '',
  sendEmail: true,
};

/**
 * Creates a sub-account that sees this device (device-management §3 "Sub-account": SendEmail
 * defaults to yes). A refusal shows 'Could not create Sub Account.' with the server's message (§8).
 */
export function CreateSubAccountModal({ opened, onClose, parentId, userDeviceId }: Props) {
  const showError = useErrorModal();
  const mutation = useCreateSubAccountMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: INITIAL,
    validate: {
      firstName: (value) => (value.trim() ? null : 'Enter a first name.'),
      lastName: (value) => (value.trim() ? null : 'Enter a last name.'),
      emailAddress: (value) =>
        EMAIL_PATTERN.test(value.trim()) ? null : 'Enter a valid e-mail address.',
      password: (value) =>
        value.length >= 8 ? null : 'Password must be at least 8 characters long.',
      confirmPassword: (value, values) =>
        value === values.password ? null : 'Passwords do not match.',
    },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Create sub-account" centered size="lg">
      <Form
        noValidate
        onSubmit={form.onSubmit((values) =>
          mutation.mutate(
            {
              parentId,
              userDeviceId,
              firstName: values.firstName.trim(),
              lastName: values.lastName.trim(),
              emailAddress: values.emailAddress.trim(),
              password: values.password,
              confirmPassword: values.confirmPassword,
              sendEmail: values.sendEmail,
            },
            {
              onSuccess: close,
              onError: (error) =>
                showError(
                  DEVICE_MANAGEMENT_MESSAGES.createSubAccountFailed(errorMessageFor(error, '')),
                ),
            },
          ),
        )}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="First name"
              autoComplete="off"
              data-autofocus
              {...form.getInputProps('firstName')}
            />
            <TextInput label="Last name" autoComplete="off" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            {...form.getInputProps('emailAddress')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              {...form.getInputProps('confirmPassword')}
            />
          </SimpleGrid>
          <Checkbox
            label="Send the new user an e-mail with their sign-in details"
            {...form.getInputProps('sendEmail', { type: 'checkbox' })}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Create sub-account
            </Button>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}
