/** The device detail tabs (device-management §2). */
export const DETAIL_TABS = [
  { value: 'status', label: 'Device Status' },
  { value: 'settings', label: 'Change Settings' },
  { value: 'subscription', label: 'Subscription' },
  { value: 'spucks', label: 'SPuck Status' },
  // The alarm log (issue #23); also at /devices/{id}/alarms.
  { value: 'alarms', label: 'Alarms' },
] as const;

export type DetailTab = (typeof DETAIL_TABS)[number]['value'];

/** Where the `view` query sends the page: a tab here, or one of the history pages. */
export type DetailTarget = { tab: DetailTab } | { redirect: string };

/**
 * Reads the `view` query (device-management §2): settings, subscription and devicesubscription
 * select their tabs; history and spuckhistory (with spuckid) go to the history pages. The spec
 * names no view for SPuck Status, so `spuckstatus` is ours, and a spuckid with no view opens it.
 */
export function resolveDetailView(
  userDeviceId: number,
  view: string | null,
  spuckId: string | null,
): DetailTarget {
  switch (view) {
    case 'settings':
      return { tab: 'settings' };
    case 'subscription':
    case 'devicesubscription':
      return { tab: 'subscription' };
    case 'spuckstatus':
      return { tab: 'spucks' };
    case 'alarms':
      return { tab: 'alarms' };
    case 'history':
      return { redirect: `/devices/${userDeviceId}/history` };
    case 'spuckhistory':
      return spuckId
        ? {
            redirect: `/devices/${userDeviceId}/spuckhistory?spuckid=${encodeURIComponent(spuckId)}`,
          }
        : { tab: 'spucks' };
    case null:
    default:
      return { tab: spuckId ? 'spucks' : 'status' };
  }
}

/** The `view` query a tab writes back, so the address can be shared and reloaded. */
export const VIEW_OF_TAB: Readonly<Record<DetailTab, string | null>> = {
  status: null,
  settings: 'settings',
  subscription: 'subscription',
  spucks: 'spuckstatus',
  alarms: 'alarms',
};
