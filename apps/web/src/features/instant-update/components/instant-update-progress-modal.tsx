// app/styles.ts imports only the Mantine CSS in use (decision 003); this dialog adds Progress.
import '@mantine/core/styles/Progress.css';
import { useEffect, useRef, type RefObject } from 'react';
import { Alert, Button, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { INSTANT_UPDATE_MAX_CHECKS } from '@monitor/domain/devices/instant-update';
import { STORE_SUB_ACCOUNT_MESSAGES } from '@monitor/domain/shared/store-messages';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { useInstantUpdateFlow, type InstantUpdateFlowView } from '../hooks/use-instant-update-flow';
import {
  deviceLabel,
  type InstantUpdateDevice,
  type InstantUpdateMode,
  type InstantUpdateResult,
} from './instant-update-mode';

export type InstantUpdateProgressModalProps = {
  opened: boolean;
  device: InstantUpdateDevice;
  mode: InstantUpdateMode;
  userId: number;
  onSendError: (message: string) => void;
  /** `remaining`: instant updates left after a success, when known. */
  onClose: (result: InstantUpdateResult, remaining?: number | null) => void;
};

/** What the dialog says at each step; read out as it changes. */
export function describeProgress(view: InstantUpdateFlowView): string {
  switch (view.status) {
    case 'failed':
      return STORE_SUB_ACCOUNT_MESSAGES.instantUpdateFailed;
    case 'sendError':
      return 'The request could not be sent. This dialog will close.';
    case 'running':
      break;
  }
  const { progress } = view;
  switch (progress.phase) {
    case 'sending':
      return 'Sending the request to your device…';
    case 'waiting':
      return progress.checksDone === 0
        ? 'Request sent. Waiting for the device to report…'
        : `No new report yet (check ${progress.checksDone} of ${INSTANT_UPDATE_MAX_CHECKS}). Checking again in 10 seconds…`;
    case 'checking':
      return `Checking for a new report (check ${progress.checksDone + 1} of ${INSTANT_UPDATE_MAX_CHECKS})…`;
  }
}

/** Share of the flow done, 0–100: sending is the first step, then each of the 9 checks. */
function percentDone(view: InstantUpdateFlowView): number {
  if (view.status !== 'running') return 100;
  const { progress } = view;
  const steps = INSTANT_UPDATE_MAX_CHECKS + 1;
  const done = progress.phase === 'sending' ? 0 : 1 + progress.checksDone;
  return Math.round((done / steps) * 100);
}

function resultOf(view: InstantUpdateFlowView): InstantUpdateResult {
  switch (view.status) {
    case 'running':
      return 'cancelled';
    case 'failed':
      return 'failed';
    case 'sendError':
      return 'error';
  }
}

function ProgressBody({
  device,
  mode,
  userId,
  onSendError,
  onClose,
  closeResultRef,
}: Omit<InstantUpdateProgressModalProps, 'opened'> & {
  closeResultRef: RefObject<InstantUpdateResult>;
}) {
  const view = useInstantUpdateFlow({
    userId,
    userDeviceId: device.Id,
    imei: device.DeviceId,
    command: mode.command,
    knownReportTime: device.LastRead ? Date.parse(device.LastRead.ReportTimestamp) : null,
    onSendError,
    onFinish: onClose,
  });
  useEffect(() => {
    closeResultRef.current = resultOf(view);
  }, [view, closeResultRef]);
  const text = describeProgress(view);
  const isRunning = view.status === 'running';
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {deviceLabel(device)}
      </Text>
      <Progress
        value={percentDone(view)}
        color={view.status === 'running' ? undefined : 'red'}
        animated={isRunning}
        aria-label={`${mode.label} progress`}
        size="lg"
      />
      {/* A fixed height keeps the dialog still as the text changes. */}
      <Group gap="sm" wrap="nowrap" mih={48} align="flex-start">
        {isRunning ? <Loader size="sm" aria-hidden /> : null}
        {view.status === 'failed' ? (
          <Alert color="red" icon={<AlertIcon />} role="alert" w="100%" p="xs">
            {text}
          </Alert>
        ) : (
          <Text role="status" aria-live="polite">
            {text}
          </Text>
        )}
      </Group>
      <Group justify="flex-end">
        <Button variant={isRunning ? 'default' : 'filled'} onClick={() => onClose(resultOf(view))}>
          {isRunning ? 'Stop waiting' : 'Close'}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The instant-update progress dialog (device-management §2 "instant-update confirmation and
 * progress", §4): it follows the real flow and closes with its result.
 */
export function InstantUpdateProgressModal({ opened, ...props }: InstantUpdateProgressModalProps) {
  // Escape or the close button end the dialog with the result shown at that moment.
  const closeResult = useRef<InstantUpdateResult>('cancelled');
  return (
    <Modal
      opened={opened}
      onClose={() => props.onClose(closeResult.current)}
      title={props.mode.label}
      centered
      closeOnClickOutside={false}
    >
      {opened ? <ProgressBody {...props} closeResultRef={closeResult} /> : null}
    </Modal>
  );
}
