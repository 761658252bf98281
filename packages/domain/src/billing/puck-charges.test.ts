import { describe, expect, it } from 'vitest';
import { PUCK_CHARGE_MESSAGES, pucksMonthlyCents, pucksToCharge } from './puck-charges';

describe('puck charges (issue #22: pucks paid before use)', () => {
  it('bills each paid puck $3.00 a month, none for no puck', () => {
    expect(pucksMonthlyCents(0)).toBe(0);
    expect(pucksMonthlyCents(3)).toBe(900);
  });

  it('charges exactly the pucks awaiting payment', () => {
    expect(pucksToCharge({ awaiting: 1, requested: 1 })).toEqual({ ok: true, quantity: 1 });
    expect(pucksToCharge({ awaiting: 2, requested: 2 })).toEqual({ ok: true, quantity: 2 });
  });

  it('refuses a charge on a unit with no puck waiting (the 17-puck charge on a unit with none)', () => {
    expect(pucksToCharge({ awaiting: 0, requested: 17 })).toEqual({
      ok: false,
      message: PUCK_CHARGE_MESSAGES.nothingToCharge,
    });
  });

  it('refuses a quantity other than the pucks waiting, naming how many wait', () => {
    expect(pucksToCharge({ awaiting: 1, requested: 3 })).toEqual({
      ok: false,
      message: 'Quantity: 1 SPuck is waiting for payment on this device.',
    });
    expect(pucksToCharge({ awaiting: 2, requested: 1 })).toEqual({
      ok: false,
      message: 'Quantity: 2 SPucks are waiting for payment on this device.',
    });
  });
});
