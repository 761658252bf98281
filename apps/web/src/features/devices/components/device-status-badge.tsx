import type { UserDevice } from '@monitor/contract/user-devices';
import { deviceStatusOf } from '../../../entities/device/lib/device-status';
import { StatusIndicator } from './status-indicator';

/**
 * A unit's status indicator on its row and card (device-management §4). A unit that has not
 * reported has no status: no reading is not a green one (issue #24), so nothing is shown.
 */
export function DeviceStatusBadge({ device, label }: { device: UserDevice; label: string }) {
  if (!device.LastRead) return null;
  const status = deviceStatusOf(device, new Date());
  return (
    <StatusIndicator
      colour={status.colour}
      isSyncing={status.isSyncing}
      isRangeChanged={
        (status.temperature?.isRangeChanged ?? false) || (status.humidity?.isRangeChanged ?? false)
      }
      label={label}
    />
  );
}
