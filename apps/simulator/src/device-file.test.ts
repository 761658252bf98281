import { describe, expect, it } from 'vitest';
import { parseDeviceCredentials } from './device-file';

describe('parseDeviceCredentials', () => {
  it('reads the JSON array provision-devices --json prints', () => {
    const text = JSON.stringify([
      {
        Id: 7,
        SerialNumber: 'AB12CD',
        IMEI: '351234567890123',
        DeviceKey: 'k1',
        DeviceType: 4,
        TenantId: 1,
        FirmwareVersion: '10.6',
        DeviceNSP: 1,
        Pucks: [{ Id: 3, Serial: '0A1B2C3D', LogicLevel: 32775 }],
      },
    ]);
    expect(parseDeviceCredentials(text)).toEqual([
      {
        SerialNumber: 'AB12CD',
        IMEI: '351234567890123',
        DeviceKey: 'k1',
        DeviceType: 4,
        FirmwareVersion: '10.6',
        Pucks: [{ Id: '0A1B2C3D', LogicLevel: 32775 }],
      },
    ]);
  });

  it('tolerates npm banner lines, other cases and a wrapping object, and skips entries without a key', () => {
    const text = [
      '> @monitor/server admin',
      '> tsx src/admin/cli.ts provision-devices [--tenant] {--json}',
      JSON.stringify({
        devices: [
          { imei: 351234567890124, deviceKey: 'k2', peripherals: [{ id: 'FF00', logicLevel: 7 }] },
          { IMEI: '351234567890125' },
        ],
      }),
    ].join('\n');
    expect(parseDeviceCredentials(text)).toEqual([
      {
        SerialNumber: '890124',
        IMEI: '351234567890124',
        DeviceKey: 'k2',
        DeviceType: 1,
        Pucks: [{ Id: 'FF00', LogicLevel: null }],
      },
    ]);
  });

  it('refuses input with no JSON in it', () => {
    expect(() => parseDeviceCredentials('nothing here')).toThrow(/no JSON/);
  });

  it("reads a demo fleet unit's BackfillFrom (its last stored report) and ignores a null one", () => {
    const unit = { IMEI: '351234567890123', DeviceKey: 'k1', SerialNumber: 'AB12CD' };
    const [withLast, withoutLast] = parseDeviceCredentials(
      JSON.stringify([
        { ...unit, BackfillFrom: '2026-11-22T11:00:00.000Z' },
        { ...unit, BackfillFrom: null },
      ]),
    );
    expect(withLast?.BackfillFrom).toBe('2026-11-22T11:00:00.000Z');
    expect(withoutLast && 'BackfillFrom' in withoutLast).toBe(false);
  });
});
