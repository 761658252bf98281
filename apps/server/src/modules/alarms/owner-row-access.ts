import { forbidden, notFound } from '../../platform/errors';
import type { AccessMode } from '../devices/device-access.service';

/**
 * What one query read for the access check of an object an owner's row holds (an alarm point, a
 * notification): the owner's row, and the caller's first row on that unit.
 */
export type OwnerRowSeenByCaller = {
  owner_row_id: number | null;
  viewer_id: number | null;
  viewer_parent_id: number | null;
};

/**
 * `requireOwnerRowAccess`'s rule applied to rows read with the object (decision 027): 404 without
 * the owner's row, 403 when the caller has no row on the unit, is a sub-account writing, or holds
 * another row than the owner's; answers the caller's row id.
 */
export function checkOwnerRowAccess(
  {
    owner_row_id: ownerRowId,
    viewer_id: viewerId,
    viewer_parent_id: viewerParentId,
  }: OwnerRowSeenByCaller,
  mode: AccessMode,
): number {
  if (ownerRowId === null) throw notFound('Device not found.');
  if (viewerId === null) throw forbidden();
  if (mode === 'write' && viewerParentId !== null) throw forbidden();
  if ((viewerParentId ?? viewerId) !== ownerRowId) throw forbidden();
  return viewerId;
}
