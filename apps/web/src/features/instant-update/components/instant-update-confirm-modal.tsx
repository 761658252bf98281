import { useEffect } from 'react';
import { Button, Group, Modal, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { hasInstantUpdateLeft } from '@monitor/domain/devices/instant-update';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { errorMessageFor } from '../../../lib/api-client';
import { useInstantUpdates } from '../api/get-instant-updates';
import {
  deviceLabel,
  instantUpdatesWord,
  type InstantUpdateDevice,
  type InstantUpdateMode,
} from './instant-update-mode';

export type InstantUpdateConfirmModalProps = {
  opened: boolean;
  device: InstantUpdateDevice;
  mode: InstantUpdateMode;
  userId: number | null;
  onConfirm: () => void;
  onBuy: () => void;
  onCancel: () => void;
  onLoadError: (message: string) => void;
};

/**
 * Asks before spending an instant update and shows how many are left (getInstantUpdates); with
 * none left it offers to buy one instead (device-management §4).
 */
export function InstantUpdateConfirmModal({
  opened,
  device,
  mode,
  userId,
  onConfirm,
  onBuy,
  onCancel,
  onLoadError,
}: InstantUpdateConfirmModalProps) {
  const count = useInstantUpdates(
    { userId, serialNumber: device.SerialNumber },
    { enabled: opened },
  );
  // A failure is final only once no new read is under way (a reopened dialog reads again).
  const isError = count.isError && !count.isFetching;
  const { error } = count;
  useEffect(() => {
    if (opened && isError) {
      onLoadError(errorMessageFor(error, DEVICE_MANAGEMENT_MESSAGES.loadDeviceInformationFailed));
    }
  }, [opened, isError, error, onLoadError]);

  const remaining = count.data?.InstantUpdates;
  const isReady = opened && remaining !== undefined && !count.isFetching;
  const canSpend = isReady && hasInstantUpdateLeft(remaining);

  return (
    <Modal opened={opened && !isError} onClose={onCancel} title={mode.label} centered>
      <Stack gap="sm">
        <Text fw={500}>{deviceLabel(device)}</Text>
        <Text>{mode.explanation}</Text>
        {/* Same height loading or loaded, so the buttons do not jump. */}
        <div aria-live="polite" aria-busy={!isReady} style={{ minHeight: 48 }}>
          {!isReady ? (
            <>
              <Skeleton height={20} width="70%" aria-hidden />
              <VisuallyHidden>Loading your instant updates…</VisuallyHidden>
            </>
          ) : canSpend ? (
            <Text>
              You have <strong>{remaining}</strong> {instantUpdatesWord(remaining)} left. One is
              used once the new report arrives.
            </Text>
          ) : (
            <Text>
              You have no instant updates left for this device. Would you like to buy one?
            </Text>
          )}
        </div>
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {isReady && !canSpend ? 'Not now' : 'Cancel'}
        </Button>
        {isReady && !canSpend ? (
          <Button onClick={onBuy} data-autofocus>
            Buy one
          </Button>
        ) : (
          <Button onClick={onConfirm} disabled={!canSpend} data-autofocus>
            {mode.confirmLabel}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
