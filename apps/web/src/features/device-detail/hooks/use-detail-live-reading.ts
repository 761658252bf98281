import { useQueryClient } from '@tanstack/react-query';
import type { UserDevice } from '@monitor/contract/user-devices';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useDeviceCount } from '../../../entities/device/api/get-device-count';
import { withLiveReading } from '../../../entities/device/api/live-socket';
import { useLiveReading, type LiveState } from '../../../entities/device/hooks/use-live-reading';
import { getUserDeviceQueryOptions } from '../api/get-user-device';

/** The live channel for the detail page: each reading replaces the one in the device's cache entry. */
export function useDetailLiveReading(device: UserDevice | undefined, userId: number): LiveState {
  const queryClient = useQueryClient();
  const showError = useErrorModal();
  const count = useDeviceCount(userId);
  return useLiveReading({
    device,
    userDeviceCount: count.data,
    onReading: (reading, shown) => {
      const { queryKey } = getUserDeviceQueryOptions({ userId, userDeviceId: shown.Id });
      queryClient.setQueryData(queryKey, (old) => (old ? withLiveReading(old, reading) : old));
    },
    onError: () => showError(DEVICE_MANAGEMENT_MESSAGES.latestReadingsFailed),
  });
}
