import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_DEVICE_FIRMWARE } from '@monitor/domain/devices/firmware';
import { isLiveChannelDevice } from '@monitor/domain/devices/live-channel';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { createUser, injectAs, signIn } from '../../test/helpers/factories';
import { hashToken } from '../platform/security/tokens';
import { isValidImei, luhnCheckDigit } from '../modules/devices/inventory.service';
import { parseAdminCommand, runAdminCommand, UsageError } from './commands';

type PrintedDevice = { Id: number; SerialNumber: string; IMEI: string; DeviceKey: string };

describe('provision-devices and provision-pucks (issue #4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const run = (argv: string[]) =>
    runAdminCommand(t.ctx, parseAdminCommand(argv), { defaultTenantId: 2 });

  it('computes the IMEI check digit by Luhn', () => {
    expect(luhnCheckDigit('49015420323751')).toBe(8);
    expect(isValidImei('490154203237518')).toBe(true);
    expect(isValidImei('490154203237519')).toBe(false);
  });

  it('prints each new unit with a unique serial, a valid IMEI and a device key stored only hashed', async () => {
    const printed = JSON.parse(
      await run([
        'provision-devices',
        '--type',
        '4',
        '--count',
        '25',
        '--tenant',
        '3',
        '--firmware',
        '10.6',
        '--carrier',
        '2',
        '--json',
      ]),
    ) as PrintedDevice[];
    expect(printed).toHaveLength(25);
    expect(new Set(printed.map((d) => d.SerialNumber)).size).toBe(25);
    expect(new Set(printed.map((d) => d.IMEI)).size).toBe(25);
    for (const device of printed) {
      expect(device.SerialNumber).toMatch(/^[0-9A-Z]{6}$/);
      expect(isValidImei(device.IMEI)).toBe(true);
      expect(device.DeviceKey.length).toBeGreaterThanOrEqual(40);
    }
    const first = printed[0]!;
    const row = await t.ctx.db
      .selectFrom('devices')
      .selectAll()
      .where('id', '=', first.Id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      imei: first.IMEI,
      serial_number: first.SerialNumber,
      device_type: 4,
      tenant_id: 3,
      firmware_version: '10.6',
      memo: 'FW 10.6',
      device_nsp: 2,
      modem_activated: false,
      device_key_hash: hashToken(first.DeviceKey),
      // By the command's clock: readings dated a day before it are refused (decision 055).
      provisioned_at: t.ctx.now(),
    });
    expect(row.device_key_hash).not.toContain(first.DeviceKey);
  });

  it('records the current firmware when --firmware is not given, so the unit can be registered and go live (issue #10)', async () => {
    const [printed] = JSON.parse(
      await run(['provision-devices', '--type', '4', '--count', '1', '--json']),
    ) as (PrintedDevice & { FirmwareVersion: string | null })[];
    expect(printed?.FirmwareVersion).toBe(CURRENT_DEVICE_FIRMWARE);
    const row = await t.ctx.db
      .selectFrom('devices')
      .select(['firmware_version', 'memo', 'device_nsp'])
      .where('id', '=', printed!.Id)
      .executeTakeFirstOrThrow();
    expect(row.memo).toBe(`FW ${CURRENT_DEVICE_FIRMWARE}`);
    expect(isLiveChannelDevice({ deviceNsp: row.device_nsp, active: 1, memo: row.memo })).toBe(
      true,
    );
    const owner = await createUser(t.ctx);
    const token = await signIn(t.app, owner);
    const registered = await injectAs(t.app, token, 'POST', `/api/users/${owner.id}/devices`, {
      SerialNumber: printed!.SerialNumber,
      Name: 'Barn',
      Location: 'North',
    });
    expect(registered.statusCode).toBe(200);
  });

  it('records --provisioned-at, a day or a time, and refuses one in the future (decision 055)', async () => {
    const provisionedAt = async (value: string) => {
      const [printed] = JSON.parse(
        await run([
          'provision-devices',
          '--type',
          '4',
          '--count',
          '1',
          '--provisioned-at',
          value,
          '--json',
        ]),
      ) as PrintedDevice[];
      const row = await t.ctx.db
        .selectFrom('devices')
        .select('provisioned_at')
        .where('id', '=', printed!.Id)
        .executeTakeFirstOrThrow();
      return row.provisioned_at;
    };
    expect(await provisionedAt('2026-11-01')).toEqual(new Date('2026-11-01T00:00:00Z'));
    expect(await provisionedAt('2026-11-01T04:30:00-05:00')).toEqual(
      new Date('2026-11-01T09:30:00Z'),
    );
    await expect(
      run(['provision-devices', '--type', '4', '--count', '1', '--provisioned-at', '2026-11-23']),
    ).rejects.toThrow('--provisioned-at: must not be in the future.');
  });

  it('prints a table by default, with the default tenant', async () => {
    const text = await run(['provision-devices', '--type', '1', '--count', '2']);
    const lines = text.split('\n');
    expect(lines[0]).toContain('Made 2 unit(s)');
    expect(lines.slice(2)).toHaveLength(2);
    expect(lines[2]).toMatch(/^[0-9A-Z]{6} {2}\d{15} {2}\S+$/);
    const serial = lines[2]!.slice(0, 6);
    const row = await t.ctx.db
      .selectFrom('devices')
      .select('tenant_id')
      .where('serial_number', '=', serial)
      .executeTakeFirstOrThrow();
    expect(row.tenant_id).toBe(2);
  });

  it('makes pucks with unique upper-case hex serials, logic level and style, attached to no unit', async () => {
    const printed = JSON.parse(
      await run([
        'provision-pucks',
        '--count',
        '20',
        '--logic-level',
        '32775',
        '--style',
        '1',
        '--json',
      ]),
    ) as { Id: number; Serial: string; LogicLevel: number; SPuckStyle: number }[];
    expect(printed).toHaveLength(20);
    expect(new Set(printed.map((p) => p.Serial)).size).toBe(20);
    for (const puck of printed) {
      expect(puck).toMatchObject({ LogicLevel: 32775, SPuckStyle: 1 });
      expect(puck.Serial).toMatch(/^[0-9A-F]{8}$/);
    }
    const rows = await t.ctx.db
      .selectFrom('peripherals')
      .select(['device_id', 'logic_level'])
      .where(
        'id',
        'in',
        printed.map((p) => p.Id),
      )
      .execute();
    expect(rows.every((row) => row.device_id === null && row.logic_level === 32775)).toBe(true);
    const plain = await run(['provision-pucks', '--count', '1']);
    expect(plain.split('\n')[1]).toMatch(/^[0-9A-F]{8}$/);
  });

  it.each([
    [['provision-devices', '--count', '1'], '--type is required.'],
    [['provision-devices', '--type', '4'], '--count is required.'],
    [['provision-devices', '--type', '4', '--count', '0'], '--count: must be 1 or more'],
    [['provision-devices', '--type', '4', '--count', '1', '--carrier', '7'], '--carrier'],
    [['provision-devices', '--type', '4', '--count', '1', '--firmware', 'new'], '--firmware'],
    [
      ['provision-devices', '--type', '4', '--count', '1', '--provisioned-at', 'last week'],
      '--provisioned-at: must be a date such as 2026-11-01',
    ],
    [['provision-pucks', '--count', '1', '--logic-level', '5'], '--logic-level'],
    [['provision-pucks', '--count', '1', '--style', '2'], '--style'],
  ])('refuses %j with a usage error', (argv, message) => {
    expect(() => parseAdminCommand(argv)).toThrow(UsageError);
    expect(() => parseAdminCommand(argv)).toThrow(message);
  });
});
