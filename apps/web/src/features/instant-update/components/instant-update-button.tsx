import { useCallback, useEffect, useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { assessInstantUpdate } from '@monitor/domain/devices/instant-update';
import { useErrorModal } from '../../../components/ui/error-modal';
import { ClockIcon } from '../../../components/ui/icons/clock-icon';
import { RefreshIcon } from '../../../components/ui/icons/refresh-icon';
import { useSession } from '../../../lib/session';
import { shouldResetLastRequestedTime } from '@monitor/domain/devices/pet-monitor';
import { useResetLastRequestedTimeMutation } from '../api/reset-last-requested-time';
import { usePetMonitorCycle } from '../hooks/use-pet-monitor-cycle';
import { InstantUpdateConfirmModal } from './instant-update-confirm-modal';
import {
  deviceLabel,
  instantUpdateModeOf,
  instantUpdatesWord,
  type InstantUpdateDevice,
  type InstantUpdateResult,
} from './instant-update-mode';
import { InstantUpdateProgressModal } from './instant-update-progress-modal';

export type { InstantUpdateDevice, InstantUpdateResult } from './instant-update-mode';

export type InstantUpdateButtonProps = {
  /** The user device as the list call answers it (or just the fields it needs). */
  device: InstantUpdateDevice;
  /** Called when the progress dialog closes. */
  onResult?: (result: InstantUpdateResult) => void;
} & Pick<ButtonProps, 'size' | 'variant' | 'fullWidth'>;

type Stage = 'idle' | 'confirm' | 'progress';

/**
 * The instant-update or pet-monitor button of a device (device-management §2 dashboard card, §4):
 * refusals (off, Device OFF, inactive, pet monitor still active) in the 'Error!' alert, then a
 * confirmation with the updates left (or the offer to buy one), then the progress dialog.
 */
export function InstantUpdateButton({
  device,
  onResult,
  size = 'sm',
  variant = 'light',
  fullWidth,
}: InstantUpdateButtonProps) {
  const [stage, setStage] = useState<Stage>('idle');
  const showError = useErrorModal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useSession().user?.Id ?? null;
  const mode = instantUpdateModeOf(device);
  const petMonitor = usePetMonitorCycle({
    isPetMonitor: device.PetMonitor,
    isMuted: device.Mute,
    lastRequestedTime: device.LastRequestedTime,
  });

  // Device OFF (Mute 1) with a request on record resets the last-requested time (device-management §4).
  const { mutate: resetRequestTime } = useResetLastRequestedTimeMutation();
  const isResetDue = shouldResetLastRequestedTime({
    mute: device.Mute ? 1 : 0,
    lastRequestedTime: device.LastRequestedTime,
  });
  useEffect(() => {
    if (isResetDue) resetRequestTime([device.SerialNumber]);
  }, [isResetDue, device.SerialNumber, resetRequestTime]);

  const handleClick = () => {
    const verdict = assessInstantUpdate(
      {
        deviceType: device.DeviceType,
        power: device.LastRead?.Power ?? null,
        isMuted: device.Mute,
        isActive: device.Active,
        isPetMonitor: device.PetMonitor,
        lastRequestedTime: device.LastRequestedTime,
      },
      new Date(),
    );
    if (verdict.isAllowed) setStage('confirm');
    else showError(verdict.message);
  };

  const handleLoadError = useCallback(
    (message: string) => {
      setStage('idle');
      showError(message);
    },
    [showError],
  );

  const handleClose = (result: InstantUpdateResult, remaining?: number | null) => {
    setStage('idle');
    if (result === 'succeeded') {
      const done = mode.isPetMonitor
        ? `Pet Monitor has started on ${deviceLabel(device)}.`
        : `${deviceLabel(device)} has sent a fresh report.`;
      const left =
        typeof remaining === 'number'
          ? ` You have ${remaining} ${instantUpdatesWord(remaining)} left.`
          : '';
      notifications.show({ color: 'green', title: mode.label, message: `${done}${left}` });
    }
    if (result !== 'cancelled') {
      // The new reading, the count left and the pet monitor window come from the server.
      void queryClient.invalidateQueries();
    }
    onResult?.(result);
  };

  const label =
    mode.isPetMonitor && petMonitor.isActive
      ? `Pet Monitor on · ${petMonitor.hoursRemaining} h left`
      : mode.label;

  return (
    <>
      <Button
        size={size}
        variant={variant}
        fullWidth={fullWidth}
        leftSection={mode.isPetMonitor ? <ClockIcon size={16} /> : <RefreshIcon size={16} />}
        onClick={handleClick}
        aria-haspopup="dialog"
        // Several cards show this button: the name says which device it is for.
        aria-label={`${label} (${deviceLabel(device)})`}
      >
        {label}
      </Button>
      <InstantUpdateConfirmModal
        opened={stage === 'confirm'}
        device={device}
        mode={mode}
        userId={userId}
        onConfirm={() => setStage('progress')}
        onBuy={() => {
          setStage('idle');
          void navigate(`/cart?item=${mode.cartItem}`);
        }}
        onCancel={() => setStage('idle')}
        onLoadError={handleLoadError}
      />
      {userId !== null ? (
        <InstantUpdateProgressModal
          opened={stage === 'progress'}
          device={device}
          mode={mode}
          userId={userId}
          onSendError={showError}
          onClose={handleClose}
        />
      ) : null}
    </>
  );
}
