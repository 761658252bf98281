import { describe, expect, it } from 'vitest';
import { isUpgradeLinkShown } from './upgrade-link';

const eligible = { deviceType: 1, deviceNsp: 1, firmwareVersion: 5, vrp: 1 };

describe('isUpgradeLinkShown (device-management §9)', () => {
  it('shows the link for types 1 or 4 on carrier 1 or 2 with firmware not 4 or 8 and VRP 1', () => {
    expect(isUpgradeLinkShown(eligible)).toBe(true);
    expect(
      isUpgradeLinkShown({ ...eligible, deviceType: 4, deviceNsp: 2, firmwareVersion: 9 }),
    ).toBe(true);
  });

  it.each([2, 3, 5, 6, 7, 8])('hides it for device type %i', (deviceType) => {
    expect(isUpgradeLinkShown({ ...eligible, deviceType })).toBe(false);
  });

  it.each([0, 3, null])('hides it on carrier %s', (deviceNsp) => {
    expect(isUpgradeLinkShown({ ...eligible, deviceNsp })).toBe(false);
  });

  it.each([4, 8, '4', null])('hides it for firmware %s', (firmwareVersion) => {
    expect(isUpgradeLinkShown({ ...eligible, firmwareVersion })).toBe(false);
  });

  it.each([0, 2, null])('hides it when the VRP flag is %s', (vrp) => {
    expect(isUpgradeLinkShown({ ...eligible, vrp })).toBe(false);
  });
});
