import { describe, expect, it } from 'vitest';
import {
  findEnabledAlarms,
  findUnnotifiedAlarms,
  type AlarmOwnerFacts,
  type NotificationFacts,
} from './alarm-recipients';

const point = (sensorType: string, enabled = true, peripheralId: string | null = null) => ({
  PeripheralId: peripheralId,
  Enabled: enabled,
  DeviceSensor: { SensorType: sensorType },
});

const device = (overrides: Partial<AlarmOwnerFacts> = {}): AlarmOwnerFacts => ({
  DeviceType: 4,
  Mute: false,
  TemperatureActive: true,
  HumidityActive: true,
  LastRead: { Water: null, Motion: null },
  AlarmPoints: [point('TEMP'), point('HUMIDITY')],
  Peripherals: [],
  ...overrides,
});

const notification = (
  alarmType: string,
  peripheralId: string | null = null,
  disableAlarm = false,
): NotificationFacts => ({
  AlarmType: alarmType,
  PeripheralId: peripheralId,
  DisableAlarm: disableAlarm,
});

describe('findEnabledAlarms', () => {
  it('counts temperature and humidity with their point on and their toggle on, and power (device-management §4)', () => {
    expect(findEnabledAlarms(device())).toEqual([
      { alarmType: 'TEMP', peripheralId: null },
      { alarmType: 'HUMIDITY', peripheralId: null },
      { alarmType: 'POWER', peripheralId: null },
    ]);
  });

  it('leaves out an alarm whose toggle or point is off, humidity on NIST, and power on a muted unit (device-management §4)', () => {
    expect(
      findEnabledAlarms(
        device({
          TemperatureActive: false,
          AlarmPoints: [point('TEMP'), point('HUMIDITY', false)],
          Mute: true,
        }),
      ),
    ).toEqual([]);
    expect(findEnabledAlarms(device({ DeviceType: 9 })).map((a) => a.alarmType)).toEqual([
      'TEMP',
      'POWER',
    ]);
  });

  it("counts the unit's own water and motion only where the unit reports them, unless their point is off", () => {
    const reporting = device({ LastRead: { Water: 0, Motion: 0 } });
    expect(findEnabledAlarms(reporting).map((a) => a.alarmType)).toEqual([
      'TEMP',
      'HUMIDITY',
      'POWER',
      'WATER',
      'MOTION',
    ]);
    const silenced = {
      ...reporting,
      AlarmPoints: [...reporting.AlarmPoints, point('MOTION', false)],
    };
    expect(findEnabledAlarms(silenced).map((a) => a.alarmType)).not.toContain('MOTION');
  });

  it("counts each puck sensor whose point is on, by the puck's notification alarm type (device-management §3, §4)", () => {
    const withPuck = device({
      Peripherals: [
        {
          Id: '0A1B2C3D',
          AlarmPoints: [
            point('SP_TEMP', true, '0A1B2C3D'),
            point('SP_HUMID', false, '0A1B2C3D'),
            point('WATER', true, '0A1B2C3D'),
          ],
        },
      ],
    });
    expect(findEnabledAlarms(withPuck).filter((a) => a.peripheralId)).toEqual([
      { alarmType: 'SPUCK_TEMP', peripheralId: '0A1B2C3D' },
      { alarmType: 'WATER', peripheralId: '0A1B2C3D' },
    ]);
  });
});

describe('findUnnotifiedAlarms', () => {
  const puckWater = { alarmType: 'WATER' as const, peripheralId: '0A1B2C3D' };

  it('finds a puck water alarm with no notification at all (issue #10)', () => {
    expect(findUnnotifiedAlarms([puckWater], [])).toEqual([puckWater]);
  });

  it('is satisfied by a notification of the same type for the same puck, hyphens or not', () => {
    expect(findUnnotifiedAlarms([puckWater], [notification('WATER', '0A-1B-2C-3D')])).toEqual([]);
  });

  it("is not satisfied by the unit's own water notification, another puck's, another type's or a disabled one", () => {
    const others = [
      notification('WATER'),
      notification('WATER', '11223344'),
      notification('SPUCK_TEMP', '0A1B2C3D'),
      notification('WATER', '0A1B2C3D', true),
    ];
    expect(findUnnotifiedAlarms([puckWater], others)).toEqual([puckWater]);
  });

  it("does not take a puck's notification for the unit's own alarm", () => {
    const unitTemperature = { alarmType: 'TEMP' as const, peripheralId: null };
    expect(findUnnotifiedAlarms([unitTemperature], [notification('TEMP', '0A1B2C3D')])).toEqual([
      unitTemperature,
    ]);
    expect(findUnnotifiedAlarms([unitTemperature], [notification('TEMP')])).toEqual([]);
  });
});
