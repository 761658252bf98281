import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../test/helpers/pdf-text';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { createDevice } from '../../test/helpers/devices';
import { parseAdminCommand, runAdminCommand, UsageError } from './commands';

type Printed = { Id: number; SerialNumber: string; DeviceType: number; Certificate?: string };

describe('NIST certificates from the admin commands (device-management §2, §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-22T09:30:00Z') });
  });
  afterAll(() => t.close());

  const run = (argv: string[]) =>
    runAdminCommand(t.ctx, parseAdminCommand(argv), { defaultTenantId: 2 });
  const certificatesOf = (deviceId: number) =>
    t.ctx.db
      .selectFrom('nist_certificates')
      .select(['certificate_number', 'reference_instrument', 'as_found', 'as_left'])
      .where('device_id', '=', deviceId)
      .orderBy('id')
      .execute();

  it('issues a certificate for each NIST unit provision-devices makes (types 8, 9, 10)', async () => {
    for (const type of ['8', '9', '10']) {
      const printed = JSON.parse(
        await run(['provision-devices', '--type', type, '--count', '2', '--json']),
      ) as Printed[];
      for (const unit of printed) {
        const number = `NIST-${unit.SerialNumber}-20261122`;
        expect(unit.Certificate).toBe(number);
        const [row] = await certificatesOf(unit.Id);
        expect(row?.certificate_number).toBe(number);
        expect(row?.as_found).toHaveLength(3);
        expect(row?.as_left).toHaveLength(3);
        const pdf = await t.ctx.files.read(`certificates/${number}.pdf`);
        expect(pdf?.subarray(0, 5).toString()).toBe('%PDF-');
        const text = pdfText(pdf!);
        expect(text).toContain(unit.SerialNumber);
        expect(text).toContain(`Certificate No. ${number}`);
        expect(text).toContain(`(type ${type})`);
      }
    }
  });

  it('issues none for other models, and prints the number at the end of a NIST unit’s line', async () => {
    const printed = JSON.parse(
      await run(['provision-devices', '--type', '4', '--count', '1', '--json']),
    ) as Printed[];
    expect(printed[0]).not.toHaveProperty('Certificate');
    expect(await certificatesOf(printed[0]!.Id)).toEqual([]);
    const text = await run(['provision-devices', '--type', '9', '--count', '1']);
    const lines = text.split('\n');
    expect(lines[1]).toBe('SerialNumber  IMEI             DeviceKey  Certificate');
    expect(lines[2]).toMatch(/^([0-9A-Z]{6}) {2}\d{15} {2}\S+ {2}NIST-\1-20261122$/);
  });

  it('issue-certificate issues a new current certificate for an existing NIST unit by serial or IMEI', async () => {
    const unit = await createDevice(t.ctx, { deviceType: 8 });
    const bySerial = await run(['issue-certificate', '--serial', unit.serial.toLowerCase()]);
    expect(bySerial).toBe(
      `Issued NIST-${unit.serial}-20261122 for unit ${unit.serial}: calibrated 2026-11-22, due 2027-11-22 (certificates/NIST-${unit.serial}-20261122.pdf).`,
    );
    const byImei = await run([
      'issue-certificate',
      '--imei',
      unit.imei,
      '--date',
      '2026-11-20',
      '--reference',
      'Hart 1502A with 5628 PRT',
    ]);
    expect(byImei).toContain(`Issued NIST-${unit.serial}-20261120 `);
    expect(byImei).toContain('due 2027-11-20');
    const rows = await certificatesOf(unit.id);
    expect(rows.map((row) => row.certificate_number)).toEqual([
      `NIST-${unit.serial}-20261122`,
      `NIST-${unit.serial}-20261120`,
    ]);
    expect(rows[1]?.reference_instrument).toBe('Hart 1502A with 5628 PRT');
    const pdf = await t.ctx.files.read(`certificates/NIST-${unit.serial}-20261120.pdf`);
    expect(pdfText(pdf!)).toContain('Hart 1502A with 5628 PRT');
  });

  it('issue-certificate refuses a unit that is not a NIST model, and an unknown one', async () => {
    const pro = await createDevice(t.ctx, { deviceType: 4 });
    await expect(run(['issue-certificate', '--serial', pro.serial])).rejects.toThrow(
      `Unit ${pro.serial} is type 4, not a NIST model (types 8, 9, 10): it gets no calibration certificate.`,
    );
    await expect(run(['issue-certificate', '--serial', pro.serial])).rejects.toThrow(UsageError);
    expect(await certificatesOf(pro.id)).toEqual([]);
    await expect(run(['issue-certificate', '--imei', '000000000000000'])).rejects.toThrow(
      'No unit has the IMEI 000000000000000.',
    );
  });

  it.each([
    [['issue-certificate'], '--serial or --imei is required'],
    [['issue-certificate', '--serial', 'AB12CD', '--imei', '490154203237518'], 'one of them'],
    [['issue-certificate', '--serial', 'AB1'], '--serial: must be a 6-character serial number'],
    [['issue-certificate', '--imei', '12345'], '--imei: must be 15 digits'],
    [['issue-certificate', '--serial', 'AB12CD', '--date', '2026-02-30'], '--date'],
  ])('refuses %j with a usage error', (argv, message) => {
    expect(() => parseAdminCommand(argv)).toThrow(UsageError);
    expect(() => parseAdminCommand(argv)).toThrow(message);
  });
});
