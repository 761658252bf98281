import type { AlarmPoint } from '@monitor/contract/alarm-points';
import type { Peripheral } from '@monitor/contract/peripherals';
import type { UserDevice } from '@monitor/contract/user-devices';
import { effectiveDeadband } from '@monitor/domain/alarms/deadband';

type SensorType = AlarmPoint['DeviceSensor']['SensorType'];

export function alarmPoint(
  id: number,
  sensorType: SensorType,
  range: [number, number] | null,
  extra: Partial<AlarmPoint> & {
    lastReadValue?: number | null;
    lastRangeChange?: string | null;
  } = {},
): AlarmPoint {
  const { lastReadValue = null, lastRangeChange = null, ...rest } = extra;
  return {
    Id: id,
    DeviceId: 5,
    PeripheralId: null,
    RangeMin: range?.[0] ?? null,
    RangeMax: range?.[1] ?? null,
    Enabled: true,
    // No deadband or delay of its own (issue #23): the defaults of an owner who reads °F.
    Deadband: null,
    EffectiveDeadband: effectiveDeadband(sensorType, null, 'F'),
    DelayMinutes: 0,
    DelayReadings: 0,
    DeviceSensor: {
      SensorType: sensorType,
      SensorAlias: null,
      LastTriggeredAlarm: null,
      LastUpdatedDateTime: '2026-11-22T06:00:00.000Z',
      LastRangeChange: lastRangeChange,
      LastReadValue: lastReadValue,
    },
    ...rest,
  };
}

export function puck(
  id: string,
  logicLevel: number | null,
  points: AlarmPoint[],
  extra: Partial<Peripheral> = {},
): Peripheral {
  return {
    Id: id,
    SerialNumber: id.match(/.{2}/g)?.join('-') ?? id,
    Name: `Puck ${id}`,
    Location: `Shelf ${id}`,
    DeviceId: '356938035643809',
    UserDeviceId: 5,
    LogicLevel: logicLevel,
    SPuckStyle: 0,
    SPuckAlias: null,
    BatteryLevel: 80,
    CallinTime: null,
    ManufactureDate: null,
    Sensors: [],
    AlarmPoints: points.map((point) => ({ ...point, PeripheralId: id })),
    ...extra,
  };
}

/** A basic (type 2) device, user device 5, reading 72 °F and 45 %, power on. */
export function userDevice(extra: Partial<UserDevice> = {}): UserDevice {
  return {
    Id: 5,
    UserDeviceId: 5,
    UserId: 7,
    DeviceId: '356938035643809',
    SerialNumber: 'ABC123',
    DeviceType: 2,
    TenantId: 1,
    Name: 'Lake House',
    Location: 'Kitchen',
    TimeZone: -5,
    PetMonitor: false,
    LastRequestedTime: null,
    Mute: false,
    SubAccountDevice: false,
    SubAccountDateCreated: null,
    LastRead: {
      ReportTimestamp: '2026-11-22T07:00:00.000Z',
      Temperature: 72,
      Humidity: 45,
      SignalStrength: 21,
      Power: 1,
      Water: null,
      Motion: null,
      DeviceMute: false,
      LastRangeChangeDevice: null,
    },
    Status: 0,
    LastMessage: null,
    Active: true,
    RegistrationComplete: true,
    DeviceNSP: 1,
    Memo: '10.6',
    FirmwareVersion: '10.6',
    InstantUpdates: 25,
    HumidityActive: true,
    TemperatureActive: true,
    SubscriptionId: null,
    VRP: 0,
    VRPLink: null,
    AlarmPoints: [
      alarmPoint(11, 'TEMP', [40, 85]),
      alarmPoint(12, 'HUMIDITY', [10, 70]),
      alarmPoint(13, 'POWER', null),
    ],
    Peripherals: [],
    ...extra,
  };
}
