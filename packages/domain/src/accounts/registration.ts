import { REGISTRATION_MESSAGES } from '../shared/account-messages';

/** Where-did-you-hear options; 9 Other carries free text (store-and-public-site §3). */
export const PRODUCT_ORIGINS = [
  { id: 1, label: 'Internet Search' },
  { id: 10, label: 'Social Media' },
  { id: 2, label: 'Word of Mouth' },
  { id: 3, label: 'Retail Display' },
  { id: 4, label: 'Brochure / Counter Display' },
  { id: 5, label: 'Magazine Ad' },
  { id: 9, label: 'Other' },
] as const;

export const PRODUCT_ORIGIN_OTHER = 9;

/** Customer segments; 7 Other carries free text (store-and-public-site §3). */
export const CUSTOMER_SEGMENTS = [
  { id: 1, label: 'Second Home/Cabin/Cottage' },
  { id: 2, label: 'RV/Pets' },
  { id: 3, label: 'Greenhouse' },
  { id: 4, label: 'Server Room' },
  { id: 5, label: 'Food Safety/Cold Chain' },
  { id: 6, label: 'Warehouse' },
  { id: 7, label: 'Other' },
] as const;

export const CUSTOMER_SEGMENT_OTHER = 7;

/** Segment sent when the user chose none (store-and-public-site §3). */
export const CUSTOMER_SEGMENT_NONE = 8;

/** The segment to send: the chosen one, or 8 when none was chosen (store-and-public-site §3). */
export function resolveCustomerSegment(chosen: number | null | undefined): number {
  return chosen ?? CUSTOMER_SEGMENT_NONE;
}

/** The free text to send: only when Other was chosen (store-and-public-site §5). */
export function resolveOtherText(
  chosen: number | null | undefined,
  otherId: number,
  text: string | null | undefined,
): string | null {
  return chosen === otherId && text?.trim() ? text.trim() : null;
}

/** The multi-unit quantity counter starts at 2: the first device is already registered (accounts-devices-billing §9). */
export const MULTI_UNIT_COUNTER_START = 2;

/** What must match between the first device and each further device of a multi-unit registration. */
export type MultiUnitDevice = { deviceType: number; tenantId: number };

/**
 * Each further serial must have the same device type and tenant as the first device; otherwise
 * the step alerts and resets (accounts-devices-billing §4, §5). Answers the alert, or null.
 */
export function checkMultiUnitMatch(first: MultiUnitDevice, next: MultiUnitDevice): string | null {
  return first.deviceType === next.deviceType && first.tenantId === next.tenantId
    ? null
    : REGISTRATION_MESSAGES.deviceTypeMismatch;
}
