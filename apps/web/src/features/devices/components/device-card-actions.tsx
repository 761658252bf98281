import { useState } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import type { UserDevice } from '@monitor/contract/user-devices';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { isUpgradeLinkShown } from '@monitor/domain/devices/upgrade-link';
import { subAccountsPath } from '../../../entities/device/lib/sub-accounts-path';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useDeleteUserDeviceMutation } from '../api/delete-user-device';
import { answerMessage, useSendTextMutation } from '../../../entities/device/api/send-text';

/** Whether the card offers the upgrade link (device-management §9). */
export function showsUpgradeLink(device: UserDevice): boolean {
  return isUpgradeLinkShown({
    deviceType: device.DeviceType,
    deviceNsp: device.DeviceNSP,
    firmwareVersion: device.FirmwareVersion,
    vrp: device.VRP,
  });
}

/**
 * Settings, the owner's sub-account page (PRO and NIST), relay trigger, upgrade link and remove
 * device (device-management §2 "Dashboard card").
 */
export function DeviceCardActions({ device, userId }: { device: UserDevice; userId: number }) {
  const showError = useErrorModal();
  const relay = useSendTextMutation();
  const remove = useDeleteUserDeviceMutation();
  const [isConfirmingRemove, setConfirmingRemove] = useState(false);
  const [isConfirmingRelay, setConfirmingRelay] = useState(false);
  const name = device.Name ?? device.SerialNumber;
  const canChange = !device.SubAccountDevice;
  const subAccountsTo = subAccountsPath(device);

  function triggerRelay() {
    // The server answers the message to show: 'Relay has been triggered for this device.' (device-management §4).
    relay.mutate(
      { userDeviceId: device.Id, command: 'RLY' },
      {
        onSuccess: (answer) => {
          setConfirmingRelay(false);
          notifications.show({ color: 'green', message: answerMessage(answer) });
        },
        onError: () => {
          setConfirmingRelay(false);
          showError(DEVICE_MANAGEMENT_MESSAGES.triggerRelayFailed);
        },
      },
    );
  }

  function removeDevice() {
    remove.mutate(
      { userId, userDeviceId: device.Id },
      {
        onSuccess: () => setConfirmingRemove(false),
        onError: () => {
          setConfirmingRemove(false);
          showError(DEVICE_MANAGEMENT_MESSAGES.removeDeviceFailed);
        },
      },
    );
  }

  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Button
          component={Link}
          to={`/devices/${device.Id}?view=settings`}
          variant="default"
          size="xs"
          aria-label={`Settings for ${name}`}
        >
          Settings
        </Button>
        {subAccountsTo && (
          <Button
            component={Link}
            to={subAccountsTo}
            variant="default"
            size="xs"
            aria-label={`Sub-accounts for ${name}`}
          >
            Sub-accounts
          </Button>
        )}
        {canChange && (
          <Button
            variant="default"
            size="xs"
            loading={relay.isPending}
            // The relay switches the equipment wired to it: asked first, never on one click.
            onClick={() => setConfirmingRelay(true)}
            aria-label={`Trigger relay on ${name}`}
          >
            Trigger relay
          </Button>
        )}
        {canChange && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={() => setConfirmingRemove(true)}
            aria-label={`Remove ${name}`}
          >
            Remove device
          </Button>
        )}
        {showsUpgradeLink(device) && (
          <Anchor component={Link} to={device.VRPLink ?? '/deviceupgrade'} size="sm">
            Upgrade this device
          </Anchor>
        )}
      </Group>
      <ConfirmModal
        opened={isConfirmingRemove}
        title="Remove device"
        message={`Remove ${name} from your account? Its readings, alarms and notifications will no longer be shown here.`}
        confirmLabel="Remove device"
        confirmColor="red"
        isConfirming={remove.isPending}
        onConfirm={removeDevice}
        onCancel={() => setConfirmingRemove(false)}
      />
      <ConfirmModal
        opened={isConfirmingRelay}
        title="Trigger relay"
        message={`Trigger the relay on ${name}? It switches the equipment wired to the relay.`}
        confirmLabel={`Trigger relay on ${name}`}
        isConfirming={relay.isPending}
        onConfirm={triggerRelay}
        onCancel={() => setConfirmingRelay(false)}
      />
    </>
  );
}
