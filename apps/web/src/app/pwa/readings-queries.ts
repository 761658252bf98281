import type { QueryKey } from '@tanstack/react-query';

/**
 * The queries that hold readings (issue #27): the device list (`userDevicesQueryKey`, entities/device) and a
 * device (`['users', userId, 'devices', id]`). They are kept for offline use, and the offline
 * banner says when they were last received.
 */
export function isReadingsQuery(queryKey: QueryKey): boolean {
  const [root, , part] = queryKey;
  return root === 'user-devices' || (root === 'users' && part === 'devices');
}
