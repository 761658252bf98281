import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/helpers/pdf-text';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import { createDevice, registerUserDevice, type TestDevice } from '../../../test/helpers/devices';
import { issueCertificate, NotNistUnitError } from './certificates.service';

type Answer = {
  CertificateName: string;
  CalibrationDate: string;
  DueDate: string;
  Url: string;
  ExpiresAt: string;
};

describe('GET /api/nistcertificate/devices/{deviceId} (device-management §2, §7)', () => {
  let t: TestApp;
  let owner: TestUser;
  let ownerToken: string;
  let nist: TestDevice;
  let nistRow: number;

  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-22T15:00:00Z') });
    owner = await createUser(t.ctx);
    ownerToken = await signIn(t.app, owner);
    nist = await createDevice(t.ctx, { deviceType: 9 });
    nistRow = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: nist.id });
  });
  afterAll(() => t.close());

  const get = (userDeviceId: number, token = ownerToken) =>
    injectAs(t.app, token, 'GET', `/api/nistcertificate/devices/${userDeviceId}`);
  const download = (url: string) =>
    t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });

  it('answers 404 with a clear message while no certificate was issued (§8)', async () => {
    const response = await get(nistRow);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: {
        code: 404,
        message: 'No NIST calibration certificate has been issued for this device yet.',
      },
    });
  });

  it('answers the current certificate with a five-minute link to a PDF naming the serial (§2 "download link", §7 name + .pdf)', async () => {
    const issued = await issueCertificate(t.ctx, { deviceId: nist.id });
    expect(issued.certificateNumber).toBe(`NIST-${nist.serial}-20261122`);
    const response = await get(nistRow);
    expect(response.statusCode).toBe(200);
    const body = response.json<Answer>();
    expect(body).toMatchObject({
      CertificateName: `NIST-${nist.serial}-20261122`,
      CalibrationDate: '2026-11-22',
      DueDate: '2027-11-22',
      ExpiresAt: '2026-11-22T15:05:00.000Z',
    });
    const file = await download(body.Url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(
      `filename="NIST-${nist.serial}-20261122.pdf"`,
    );
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The document's title and subject name the certificate and serial in plain bytes, though its
    // pages are compressed: a download can be checked without a PDF reader (the e2e journey).
    expect(file.rawPayload.toString('latin1')).toContain(
      `(Certificate of Calibration NIST-${nist.serial}-20261122)`,
    );
    expect(file.rawPayload.toString('latin1')).toContain(`of unit ${nist.serial})`);
    const text = pdfText(file.rawPayload);
    expect(text).toContain('Certificate of Calibration');
    expect(text).toContain(`Certificate No. NIST-${nist.serial}-20261122`);
    expect(text).toContain(nist.serial);
    expect(text).toContain('November 22, 2026');
    expect(text).toContain('November 22, 2027');
    expect(text).toContain('CellWatch Calibration Laboratory');
    expect(text).toContain('Temperature Monitor (type 9)');
  });

  it('answers the newest certificate once a unit is calibrated again, the same day with a suffix', async () => {
    t.advanceTime(3600_000);
    const again = await issueCertificate(t.ctx, { deviceId: nist.id });
    expect(again.certificateNumber).toBe(`NIST-${nist.serial}-20261122-2`);
    const later = await issueCertificate(t.ctx, { deviceId: nist.id, calibratedOn: '2026-12-01' });
    const body = (await get(nistRow)).json<Answer>();
    expect(body.CertificateName).toBe(later.certificateNumber);
    expect(body.DueDate).toBe('2027-12-01');
  });

  it('lets a sub-account given the unit read it, and refuses anyone else (§6)', async () => {
    const sub = await createUser(t.ctx);
    const subRow = await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId: nist.id,
      parentUserDeviceId: nistRow,
    });
    const subToken = await signIn(t.app, sub);
    expect((await get(subRow, subToken)).statusCode).toBe(200);
    const stranger = await signIn(t.app, await createUser(t.ctx));
    expect((await get(nistRow, stranger)).statusCode).toBe(403);
    expect((await get(2_000_000, stranger)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/nistcertificate/devices/${nistRow}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for a unit that is not a NIST model, and issues it none (§4 types 8, 9, 10)', async () => {
    const pro = await createDevice(t.ctx, { deviceType: 4 });
    const proRow = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: pro.id });
    const response = await get(proRow);
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'This device is not a NIST-certified model, so it has no calibration certificate.',
    );
    await expect(issueCertificate(t.ctx, { deviceId: pro.id })).rejects.toThrow(NotNistUnitError);
  });

  it('answers 404 when the file is gone from storage, never a link to nothing', async () => {
    const unit = await createDevice(t.ctx, { deviceType: 8 });
    const row = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: unit.id });
    await issueCertificate(t.ctx, { deviceId: unit.id });
    const exists = t.ctx.files.exists;
    t.ctx.files.exists = () => Promise.resolve(false);
    try {
      expect((await get(row)).statusCode).toBe(404);
    } finally {
      t.ctx.files.exists = exists;
    }
  });

  it('records no certificate when its file cannot be stored', async () => {
    const unit = await createDevice(t.ctx, { deviceType: 10 });
    const put = t.ctx.files.put;
    t.ctx.files.put = () => Promise.reject(new Error('disk full'));
    try {
      await expect(issueCertificate(t.ctx, { deviceId: unit.id })).rejects.toThrow('disk full');
    } finally {
      t.ctx.files.put = put;
    }
    const rows = await t.ctx.db
      .selectFrom('nist_certificates')
      .select('id')
      .where('device_id', '=', unit.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
