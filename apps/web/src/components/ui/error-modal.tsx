import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text, ThemeIcon } from '@mantine/core';
import { AlertIcon } from './icons';

type ShowError = (message: string) => void;

const ErrorModalContext = createContext<ShowError | null>(null);

/** The one alert dialog of the app, titled 'Error!' (store-and-public-site §2 "Modals"). */
export function ErrorModal({ message, onClose }: { message: string | null; onClose: () => void }) {
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

/** Holds the queue of alerts; several raised at once are shown one after another. */
export function ErrorModalProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<string[]>([]);
  const showError = useCallback<ShowError>(
    (message) => setQueue((messages) => [...messages, message]),
    [],
  );
  const close = useCallback(() => setQueue((messages) => messages.slice(1)), []);
  const value = useMemo(() => showError, [showError]);
  return (
    <ErrorModalContext value={value}>
      {children}
      <ErrorModal message={queue[0] ?? null} onClose={close} />
    </ErrorModalContext>
  );
}

/** Raises the 'Error!' alert with a message shown word for word. */
export function useErrorModal(): ShowError {
  const showError = useContext(ErrorModalContext);
  if (!showError) throw new Error('useErrorModal needs ErrorModalProvider');
  return showError;
}
