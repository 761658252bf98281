import { describe, expect, it } from 'vitest';
import { decideAddPuckNextStep, needsHostDevice } from './add-puck-flow';

const device = (deviceType: number, firmwareVersion: string | null = '10.6') => ({
  deviceType,
  firmwareVersion,
});

describe('the add-puck flow after registration (device-management §4 "Add puck flow")', () => {
  it('sends a puck without a logic level to notifications with only a water alarm, without loading the device', () => {
    const puck = { logicLevel: null, spuckStyle: 0 };
    expect(needsHostDevice(puck)).toBe(false);
    expect(decideAddPuckNextStep(puck, null)).toEqual({ kind: 'notifications', isWaterOnly: true });
  });

  it.each(['7.9', '4', null])(
    'ends the flow for device firmware %s, below the puck minimum of 8 (device-management §9)',
    (firmware) => {
      const puck = { logicLevel: 32775, spuckStyle: 0 };
      expect(needsHostDevice(puck)).toBe(true);
      expect(decideAddPuckNextStep(puck, device(5, firmware))).toEqual({
        kind: 'firmware-ineligible',
      });
    },
  );

  it('checks the firmware for a style 1 puck too, then goes to notifications (device-management §4)', () => {
    const puck = { logicLevel: 32774, spuckStyle: 1 };
    expect(decideAddPuckNextStep(puck, device(4, '7'))).toEqual({ kind: 'firmware-ineligible' });
    expect(decideAddPuckNextStep(puck, device(4, '8'))).toEqual({
      kind: 'notifications',
      isWaterOnly: false,
    });
  });

  it.each([2, 5])('sends a style 0 puck on a type %i device to notifications', (deviceType) => {
    expect(decideAddPuckNextStep({ logicLevel: 32775, spuckStyle: 0 }, device(deviceType))).toEqual(
      { kind: 'notifications', isWaterOnly: false },
    );
  });

  it.each([6, 7])('asks a type %i device for the billable subscription', (deviceType) => {
    expect(decideAddPuckNextStep({ logicLevel: 32775, spuckStyle: 0 }, device(deviceType))).toEqual(
      { kind: 'billable-subscription' },
    );
  });

  it.each([1, 4, 8, 12])('asks a type %i device for a subscription', (deviceType) => {
    expect(decideAddPuckNextStep({ logicLevel: 32771, spuckStyle: 0 }, device(deviceType))).toEqual(
      { kind: 'subscription' },
    );
  });
});
