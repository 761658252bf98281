import type { AlarmPoint } from '@monitor/contract/alarm-points';
import type { UserDevice } from '@monitor/contract/user-devices';
import { effectiveDeadband } from '@monitor/domain/alarms/deadband';

/** An alarm point of the unit's own sensor, enabled, stored in °F. */
export function makeAlarmPoint(
  sensorType: AlarmPoint['DeviceSensor']['SensorType'],
  range: [number, number],
  overrides: Partial<AlarmPoint> & { lastRangeChange?: string | null; lastReadValue?: number } = {},
): AlarmPoint {
  const { lastRangeChange = null, lastReadValue = null, ...rest } = overrides;
  return {
    Id: Math.floor(Math.random() * 1_000_000),
    DeviceId: 11,
    PeripheralId: null,
    RangeMin: range[0],
    RangeMax: range[1],
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

/**
 * A PRO unit (type 4) on carrier 1, active, firmware 10.4 in its memo, reading 72.4 °F and 45.6 %
 * with power on, ranges 40–85 °F and 10–70 %.
 */
export function makeDevice(overrides: Partial<UserDevice> = {}): UserDevice {
  const id = overrides.Id ?? 11;
  return {
    Id: id,
    UserDeviceId: id,
    UserId: 7,
    DeviceId: `3590000000000${String(id).padStart(2, '0')}`,
    SerialNumber: `ABC${String(id).padStart(3, '0')}`,
    DeviceType: 4,
    TenantId: 1,
    Name: `Device ${id}`,
    Location: `Room ${id}`,
    TimeZone: -5,
    PetMonitor: false,
    LastRequestedTime: null,
    Mute: false,
    SubAccountDevice: false,
    SubAccountDateCreated: null,
    LastRead: {
      ReportTimestamp: new Date().toISOString(),
      Temperature: 72.4,
      Humidity: 45.6,
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
    Memo: '10.4',
    FirmwareVersion: '10',
    InstantUpdates: 3,
    HumidityActive: true,
    TemperatureActive: true,
    SubscriptionId: null,
    VRP: 0,
    VRPLink: null,
    AlarmPoints: [makeAlarmPoint('TEMP', [40, 85]), makeAlarmPoint('HUMIDITY', [10, 70])],
    Peripherals: [],
    ...overrides,
  };
}
