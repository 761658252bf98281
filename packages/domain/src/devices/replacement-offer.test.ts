import { describe, expect, it } from 'vitest';
import { buildVrpLink, computeVrpFlag } from './replacement-offer';

const owned = { deviceType: 1, deviceNsp: 1, isSubAccountDevice: false };

describe('VRP flag and link (device-management §3, §9; store-and-public-site §3, §4)', () => {
  it('flags types 1 or 4 on carrier 1 or 2, the devices the replacement offer takes (store-and-public-site §4)', () => {
    for (const deviceType of [1, 4])
      for (const deviceNsp of [1, 2])
        expect(computeVrpFlag({ ...owned, deviceType, deviceNsp })).toBe(1);
  });

  it.each([2, 3, 5, 6, 7, 8])(
    'does not flag device type %i (store-and-public-site §4)',
    (deviceType) => {
      expect(computeVrpFlag({ ...owned, deviceType })).toBe(0);
    },
  );

  it('does not flag carrier 3, which the offer does not serve (store-and-public-site §3)', () => {
    expect(computeVrpFlag({ ...owned, deviceNsp: 3 })).toBe(0);
  });

  it("does not flag a sub-account's device: only the owner orders a replacement (device-management §6)", () => {
    expect(computeVrpFlag({ ...owned, isSubAccountDevice: true })).toBe(0);
  });

  it('links to /deviceupgrade with the customer and the replacement item for carrier and type (store-and-public-site §2, §9)', () => {
    expect(buildVrpLink({ ...owned, userId: 7, token: 'k2.sig-_' })).toBe(
      '/deviceupgrade?customerid=7&token=k2.sig-_&item=100',
    );
    expect(buildVrpLink({ ...owned, deviceType: 4, deviceNsp: 2, userId: 7, token: 'a b' })).toBe(
      '/deviceupgrade?customerid=7&token=a%20b&item=203',
    );
  });

  it('gives no link when the device is not flagged (device-management §9)', () => {
    expect(buildVrpLink({ ...owned, deviceNsp: 3, userId: 7, token: 'k2.sig' })).toBeNull();
  });
});
