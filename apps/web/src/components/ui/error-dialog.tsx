import { Button, Group, Modal, Text, ThemeIcon } from '@mantine/core';
import { AlertIcon } from './icons/alert-icon';

/** The one alert dialog of the app, titled 'Error!' (store-and-public-site §2 "Modals"). */
export function ErrorDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal
      opened={message !== null}
      onClose={onClose}
      centered
      title={
        <Group gap="sm">
          <ThemeIcon color="red" variant="light" radius="xl" aria-hidden>
            <AlertIcon size={18} />
          </ThemeIcon>
          <Text fw={700} size="lg">
            Error!
          </Text>
        </Group>
      }
      zIndex={400}
    >
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
