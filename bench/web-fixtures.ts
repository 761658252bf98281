import type { UserDevice } from '@monitor/contract/user-devices';
import type { User } from '@monitor/contract/users';

/** The signed-in owner the fixtures answer for. */
export const BENCH_USER: User = {
  Id: 7,
  FirstName: 'Bench',
  LastName: 'Owner',
  FullName: 'Bench Owner',
  EmailAddress: 'bench@example.com',
  TenantId: 1,
  CustomerId: null,
  BillingType: 0,
  SubAccount: null,
  UserPref: { UserPrefsId: 1, UserId: 7, TempPref: 'F' },
  Roles: [],
  DefaultBillingAddress: null,
};

/** What the web app keeps in localStorage ('monitor.session') for a signed-in user. */
export function benchSession(): string {
  return JSON.stringify({
    loggedIn: true,
    impersonating: false,
    apiToken: 'bench-token',
    user: BENCH_USER,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
  });
}

const alarmPoint = (id: number, type: 'TEMP' | 'HUMIDITY', range: [number, number]) => ({
  Id: id,
  DeviceId: id,
  PeripheralId: null,
  RangeMin: range[0],
  RangeMax: range[1],
  Enabled: true,
  Deadband: null,
  EffectiveDeadband: type === 'TEMP' ? 1 : 2,
  DelayMinutes: 0,
  DelayReadings: 0,
  DeviceSensor: {
    SensorType: type,
    SensorAlias: null,
    LastTriggeredAlarm: null,
    LastUpdatedDateTime: new Date().toISOString(),
    LastRangeChange: null,
    LastReadValue: null,
  },
});

/**
 * `count` PRO units with a fresh reading each (so no live channel opens: the render is what is
 * timed), default alarm points 40–85 °F and 10–70 %, readings spread so some sit near a bound.
 */
export function benchDevices(count: number): UserDevice[] {
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    return {
      Id: id,
      UserDeviceId: id,
      UserId: BENCH_USER.Id,
      DeviceId: `35900000000${String(id).padStart(4, '0')}`,
      SerialNumber: `BEN${String(id).padStart(5, '0')}`,
      DeviceType: 4,
      TenantId: 1,
      Name: `Bench unit ${id}`,
      Location: `Room ${id}`,
      TimeZone: -5,
      PetMonitor: false,
      LastRequestedTime: null,
      Mute: false,
      SubAccountDevice: false,
      SubAccountDateCreated: null,
      LastRead: {
        ReportTimestamp: new Date().toISOString(),
        Temperature: 38 + (index % 50),
        Humidity: 20 + (index % 60),
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
      FirmwareVersion: '10',
      InstantUpdates: 3,
      HumidityActive: true,
      TemperatureActive: true,
      SubscriptionId: null,
      VRP: 0,
      VRPLink: null,
      AlarmsSnoozedUntil: null,
      AlarmPoints: [
        alarmPoint(id * 2, 'TEMP', [40, 85]),
        alarmPoint(id * 2 + 1, 'HUMIDITY', [10, 70]),
      ],
      Peripherals: [],
    } satisfies UserDevice;
  });
}
