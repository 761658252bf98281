import { replacementItemFor } from '../store/replacement';
import { UPGRADE_LINK_CARRIERS, UPGRADE_LINK_DEVICE_TYPES } from './upgrade-link';

/** The replacement-offer page of the web app (store-and-public-site §2 "/deviceupgrade"). */
export const REPLACEMENT_OFFER_PATH = '/deviceupgrade';

export type ReplacementOfferFacts = {
  deviceType: number;
  /** DeviceNSP, the carrier. */
  deviceNsp: number;
  /** A device given to the user as a sub-account: not theirs to replace. */
  isSubAccountDevice: boolean;
};

/**
 * The UserDevice VRP flag (device-management §3): 1 when the device is eligible for the
 * replacement offer, else 0. The offer's eligible devices are types 1 or 4 on carrier 1 or 2
 * (store-and-public-site §3 "Replacement user", §4 "Device type 1 or 4 with carrier plan 1 or
 * 2 determines the item"), and only the owner can order a replacement, so a sub-account's
 * device is never flagged.
 */
export function computeVrpFlag(facts: ReplacementOfferFacts): 0 | 1 {
  const isEligible =
    !facts.isSubAccountDevice &&
    UPGRADE_LINK_DEVICE_TYPES.includes(facts.deviceType) &&
    UPGRADE_LINK_CARRIERS.includes(facts.deviceNsp);
  return isEligible ? 1 : 0;
}

/**
 * The UserDevice VRPLink: the replacement-offer page with `customerid` (the owner), `token` (the
 * owner's replacement token, the page's permission; decision 045) and `item` (the replacement
 * item for the device's carrier and type), or null when VRP is 0.
 */
export function buildVrpLink(
  facts: ReplacementOfferFacts & { userId: number; token: string },
): string | null {
  if (computeVrpFlag(facts) !== 1) return null;
  // The ids are whole numbers; the token is escaped, whatever it holds.
  const token = encodeURIComponent(facts.token);
  return `${REPLACEMENT_OFFER_PATH}?customerid=${facts.userId}&token=${token}&item=${replacementItemFor(facts)}`;
}
