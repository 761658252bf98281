import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { deviceAuth } from '../../test/helpers/devices';
import { pdfText } from '../../test/helpers/pdf-text';
import { injectAs, signIn } from '../../test/helpers/factories';
import type { FleetFileEntry } from './fleet-file';
import { DEMO_FLEET_FILE, DEMO_HISTORY_DAYS } from './fleet';
import { DEMO_CUSTOMER } from '../platform/config/demo-accounts';
import { seedDemo } from './seed';

const silent = { info: () => undefined };

describe('demo fleet (issue #4, decision 013)', () => {
  let t: TestApp;
  let dataDir: string;
  let token: string;
  let userId: number;
  const readFleet = () =>
    JSON.parse(readFileSync(join(dataDir, DEMO_FLEET_FILE), 'utf8')) as FleetFileEntry[];
  const report = (unit: FleetFileEntry, at: string) =>
    t.app.inject({
      method: 'POST',
      url: '/device-api/v1/reports',
      headers: deviceAuth({ imei: unit.IMEI, key: unit.DeviceKey }),
      payload: { Reports: [{ ReportTimestamp: at, Temperature: 70 }] },
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'demo-fleet-'));
    t = await createTestApp({ config: { dataDir } });
    await seedDemo(t.ctx, silent);
    const customer = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email_address', '=', DEMO_CUSTOMER.email)
      .executeTakeFirstOrThrow();
    userId = customer.id;
    token = await signIn(t.app, {
      email_address: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
  });
  afterAll(() => t.close());

  it('registers a basic, a PRO with pucks of three logic levels, a NIST and a pet monitor unit to the demo customer, with instant updates to spend', async () => {
    const devices = (await injectAs(t.app, token, 'GET', `/api/users/${userId}/devices`)).json<
      {
        Name: string;
        DeviceType: number;
        PetMonitor: boolean;
        InstantUpdates: number;
        Peripherals: { LogicLevel: number }[];
      }[]
    >();
    expect(devices.map((d) => [d.Name, d.DeviceType, d.PetMonitor])).toEqual([
      ['Lake House', 1, false],
      ['Server Room', 5, false],
      ['Pharmacy', 10, false],
      ['Dog at home', 2, true],
    ]);
    expect(devices.every((d) => d.InstantUpdates > 0)).toBe(true);
    const serverRoom = devices.find((d) => d.Name === 'Server Room');
    expect(serverRoom?.Peripherals.map((p) => p.LogicLevel).sort()).toEqual([32769, 32771, 32775]);
  });

  it('gives each unit the default alarm points and notifications of registration (device-management §4)', async () => {
    const [lakeHouse, , fridge] = await t.ctx.db
      .selectFrom('user_devices')
      .select('id')
      .orderBy('id')
      .execute();
    const typesOf = async (userDeviceId: number | undefined) =>
      (
        await t.ctx.db
          .selectFrom('notifications')
          .select('alarm_type')
          .where('user_device_id', '=', userDeviceId ?? 0)
          .orderBy('alarm_type')
          .execute()
      ).map((n) => n.alarm_type);
    expect(await typesOf(lakeHouse?.id)).toEqual(['HUMIDITY', 'NOCALL', 'POWER', 'TEMP']);
    // NIST: no humidity alarm or notification.
    expect(await typesOf(fridge?.id)).toEqual(['NOCALL', 'POWER', 'TEMP']);
  });

  it('writes every unit with a working key, its pucks and no back-fill start to an owner-only file', async () => {
    const fleet = readFleet();
    expect(statSync(join(dataDir, DEMO_FLEET_FILE)).mode & 0o777).toBe(0o600);
    expect(fleet).toHaveLength(4);
    expect(fleet.every((unit) => unit.BackfillFrom === null)).toBe(true);
    expect(fleet[1]?.Pucks).toHaveLength(3);
    for (const unit of fleet) {
      expect((await report(unit, '2026-11-22T11:00:00Z')).statusCode).toBe(200);
    }
  });

  it('shows the demo customer the back-filled history of its units and pucks, 90 days back (decision 017)', async () => {
    const [, serverRoom] = readFleet();
    const puck = serverRoom?.Pucks[0];
    if (!serverRoom || !puck) throw new Error('no Server Room puck');
    const day = 86_400_000;
    const early = new Date(t.ctx.now().getTime() - (DEMO_HISTORY_DAYS - 1) * day).toISOString();
    const posted = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/reports',
      headers: deviceAuth({ imei: serverRoom.IMEI, key: serverRoom.DeviceKey }),
      payload: {
        Reports: [
          {
            ReportTimestamp: early,
            Temperature: 70,
            Peripherals: [{ Id: puck.Id, Temperature: 40 }],
          },
        ],
      },
    });
    expect(posted.statusCode).toBe(200);
    // Provisioned by the start of the history it shows, so no back-filled reading is refused (decision 055).
    expect(posted.json()).toMatchObject({ Accepted: 1, Refused: 0 });
    const units = await t.ctx.db
      .selectFrom('devices')
      .innerJoin('user_devices', 'user_devices.device_id', 'devices.id')
      .select('devices.provisioned_at')
      .where('user_devices.user_id', '=', userId)
      .execute();
    const historyStart = t.ctx.now().getTime() - DEMO_HISTORY_DAYS * day;
    expect(units.map((unit) => unit.provisioned_at.getTime() <= historyStart)).toEqual(
      units.map(() => true),
    );
    const log = await injectAs(
      t.app,
      token,
      'GET',
      `/api/reportlog/getSpuckLog?spuckId=${puck.Id}`,
    );
    expect(log.json()).toEqual([expect.objectContaining({ ReportTimestamp: early })]);
  });

  it('gives the NIST unit (Pharmacy) its calibration certificate, a PDF naming its serial (device-management §2, §7)', async () => {
    const devices = (await injectAs(t.app, token, 'GET', `/api/users/${userId}/devices`)).json<
      { Id: number; Name: string; SerialNumber: string }[]
    >();
    const pharmacy = devices.find((d) => d.Name === 'Pharmacy');
    if (!pharmacy) throw new Error('no Pharmacy unit');
    const response = await injectAs(
      t.app,
      token,
      'GET',
      `/api/nistcertificate/devices/${pharmacy.Id}`,
    );
    expect(response.statusCode).toBe(200);
    const certificate = response.json<{ CertificateName: string; Url: string }>();
    expect(certificate.CertificateName).toBe(`NIST-${pharmacy.SerialNumber}-20261122`);
    const pdf = await t.app.inject({ method: 'GET', url: certificate.Url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf.rawPayload)).toContain(pharmacy.SerialNumber);
    // The other units are not NIST models: they have none.
    const lakeHouse = devices.find((d) => d.Name === 'Lake House');
    const none = await injectAs(
      t.app,
      token,
      'GET',
      `/api/nistcertificate/devices/${lakeHouse!.Id}`,
    );
    expect(none.statusCode).toBe(404);
  });

  it("issues a new certificate on a later start only when the current one's file is gone", async () => {
    const count = async () =>
      (await t.ctx.db.selectFrom('nist_certificates').select('certificate_number').execute())
        .length;
    const before = await count();
    await seedDemo(t.ctx, silent);
    expect(await count()).toBe(before);
    const [row] = await t.ctx.db
      .selectFrom('nist_certificates')
      .select('certificate_number')
      .execute();
    const files = t.ctx.config.files;
    if (files.kind !== 'local') throw new Error('the tests keep their files in a folder');
    await rm(join(files.dir, 'certificates', `${row!.certificate_number}.pdf`));
    await seedDemo(t.ctx, silent);
    expect(await count()).toBe(before + 1);
  });

  it('on a later start keeps the same units, rotates their keys and back-fills from the last report', async () => {
    const before = readFleet();
    await seedDemo(t.ctx, silent);
    const after = readFleet();
    expect(after.map((u) => u.IMEI)).toEqual(before.map((u) => u.IMEI));
    expect(after.every((u, i) => u.DeviceKey !== before[i]?.DeviceKey)).toBe(true);
    expect(after.map((u) => u.BackfillFrom)).toEqual(
      Array.from({ length: 4 }, () => '2026-11-22T11:00:00.000Z'),
    );
    const [oldUnit, newUnit] = [before[0], after[0]];
    if (!oldUnit || !newUnit) throw new Error('no unit');
    expect((await report(oldUnit, '2026-11-22T11:05:00Z')).statusCode).toBe(401);
    expect((await report(newUnit, '2026-11-22T11:05:00Z')).statusCode).toBe(200);
  });
});
