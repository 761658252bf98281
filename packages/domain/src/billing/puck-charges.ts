import { cents, type Cents } from '../shared/money';

/** What each paid puck adds to its unit's monthly subscription amount (decision 036; ours, the spec names none). */
export const PUCK_MONTHLY_CENTS = cents(300);
/** What one puck costs up front, once, before it is billed and heard from (decision 036, issue #22). */
export const PUCK_UPFRONT_CENTS = cents(3900);

/** The pucks' part of a unit's monthly amount: each paid puck's, none for one still awaiting payment. */
export function pucksMonthlyCents(paidPucks: number): Cents {
  return cents(paidPucks * PUCK_MONTHLY_CENTS);
}

export const PUCK_CHARGE_MESSAGES = {
  nothingToCharge: 'No SPuck on this device is waiting for payment.',
  quantityDiffers: (waiting: number) =>
    `Quantity: ${waiting} SPuck${waiting === 1 ? ' is' : 's are'} waiting for payment on this device.`,
} as const;

/**
 * How many pucks an upfront charge is for: exactly the unit's pucks awaiting payment, so no one
 * pays for a puck they do not have (issue #22). A quantity that differs from it is refused rather
 * than charged, since the customer agreed to the amount it showed.
 */
export function pucksToCharge({
  awaiting,
  requested,
}: {
  awaiting: number;
  requested: number;
}): { ok: true; quantity: number } | { ok: false; message: string } {
  if (awaiting === 0) return { ok: false, message: PUCK_CHARGE_MESSAGES.nothingToCharge };
  if (requested !== awaiting)
    return { ok: false, message: PUCK_CHARGE_MESSAGES.quantityDiffers(awaiting) };
  return { ok: true, quantity: awaiting };
}
