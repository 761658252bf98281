import { describe, expect, it } from 'vitest';
import type { Peripheral } from '@monitor/contract/peripherals';
import type { UserDevice } from '@monitor/contract/user-devices';
import { schedulePropsForDevice } from './schedule-props';

const puck: Peripheral = {
  Id: '0A1B2C3D',
  SerialNumber: '0A-1B-2C-3D',
  Name: 'Fridge',
  Location: 'Kitchen',
  DeviceId: '123456789012345',
  UserDeviceId: 41,
  LogicLevel: 32774,
  SPuckStyle: 0,
  SPuckAlias: null,
  BatteryLevel: 90,
  CallinTime: null,
  ManufactureDate: null,
  Sensors: ['temperature', 'humidity'],
  AlarmPoints: [],
};

const device: UserDevice = {
  Id: 41,
  UserDeviceId: 41,
  UserId: 7,
  DeviceId: '123456789012345',
  SerialNumber: 'ABC123',
  DeviceType: 4,
  TenantId: 1,
  Name: null,
  Location: null,
  TimeZone: -5,
  PetMonitor: false,
  LastRequestedTime: null,
  Mute: false,
  SubAccountDevice: false,
  SubAccountDateCreated: null,
  LastRead: null,
  Status: null,
  LastMessage: null,
  Active: true,
  RegistrationComplete: true,
  DeviceNSP: 1,
  Memo: null,
  FirmwareVersion: null,
  InstantUpdates: 0,
  HumidityActive: false,
  TemperatureActive: true,
  SubscriptionId: null,
  VRP: 0,
  VRPLink: null,
  AlarmPoints: [],
  Peripherals: [puck],
};

describe('schedule props for a user device', () => {
  it('names an unnamed device by its serial, as the cap message does (device-management §8)', () => {
    expect(schedulePropsForDevice(device, null)).toMatchObject({
      variant: 'device',
      userDeviceId: 41,
      deviceType: 4,
      deviceName: 'ABC123',
      serialNumber: 'ABC123',
      puck: null,
      isReadOnly: false,
    });
  });

  it('finds the puck from a hyphenated spuckid and carries its logic level and the device toggles (device-management §4)', () => {
    expect(schedulePropsForDevice(device, '0a-1b-2c-3d')).toMatchObject({
      variant: 'puck',
      puck: { id: '0A1B2C3D', logicLevel: 32774, name: 'Fridge' },
      alarmToggles: { isTemperatureActive: true, isHumidityActive: false },
    });
  });

  it("makes a sub-account's schedule read-only (device-management §6)", () => {
    expect(schedulePropsForDevice({ ...device, SubAccountDevice: true }, null).isReadOnly).toBe(
      true,
    );
  });
});
