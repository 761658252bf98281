import type { z } from 'zod';
import type { NistCertificate } from '@monitor/contract/history';
import { isNistDevice } from '@monitor/domain/devices/device-types';
import {
  benchCalibration,
  calendarDateOf,
  calibrationDueDate,
  certificateNumber,
  DEFAULT_REFERENCE_INSTRUMENT,
  type CalibrationPoint,
} from '@monitor/domain/devices/nist-certificates';
import { isTenantId } from '@monitor/domain/shared/brands';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { requireUserDevice } from '../devices/device-access.service';
import {
  countCertificatesOn,
  findCertificateUnit,
  findCurrentCertificate,
  insertCertificate,
  lockUnit,
  type CertificateUnitRow,
} from './certificates.repository';

/** What issuing a certificate needs: the admin commands and the demo have no request. */
export type CertificateContext = Pick<AppContext, 'db' | 'files' | 'brands' | 'now'>;

/** A certificate link lives five minutes: long enough to click, too short to pass around. */
export const CERTIFICATE_LINK_SECONDS = 300;

export const PDF_CONTENT_TYPE = 'application/pdf';

/** Where a certificate's PDF is stored: its name with '.pdf' (device-management §7). */
export const certificateKey = (number: string) => `certificates/${number}.pdf`;

/** A unit that is not a NIST model (types 8, 9, 10) has no certificate. */
export class NotNistUnitError extends Error {
  constructor(readonly unit: CertificateUnitRow) {
    super(
      `Unit ${unit.serial_number} is type ${unit.device_type}, not a NIST model (types 8, 9, 10): it has no calibration certificate.`,
    );
    this.name = 'NotNistUnitError';
  }
}

export type IssueCertificateInput = {
  deviceId: number;
  /** YYYY-MM-DD; today (UTC) by default. */
  calibratedOn?: string;
  referenceInstrument?: string;
  /** The bench's readings; the repeatable bench readings of the unit and day when omitted. */
  points?: { asFound: CalibrationPoint[]; asLeft: CalibrationPoint[] };
};

export type IssuedCertificate = {
  certificateNumber: string;
  serialNumber: string;
  calibratedOn: string;
  dueOn: string;
  key: string;
};

/**
 * Issues a calibration certificate for a NIST unit (device-management §2, §7; decision 031): numbers
 * it `NIST-<serial>-<yyyymmdd>` (with a suffix for a second one that day), records it and writes
 * its PDF to the file storage, in one transaction: if the file cannot be stored, no certificate
 * is recorded. The unit's row is locked meanwhile, so two at once get two numbers.
 */
export async function issueCertificate(
  ctx: CertificateContext,
  input: IssueCertificateInput,
): Promise<IssuedCertificate> {
  const unit = await findCertificateUnit(ctx.db, { id: input.deviceId });
  if (!unit) throw new Error(`No unit has the id ${input.deviceId}.`);
  if (!isNistDevice(unit.device_type)) throw new NotNistUnitError(unit);
  const issuedAt = ctx.now();
  const calibratedOn = input.calibratedOn ?? calendarDateOf(issuedAt);
  const dueOn = calibrationDueDate(calibratedOn);
  const points = input.points ?? benchCalibration(unit.serial_number, calibratedOn);
  const referenceInstrument = input.referenceInstrument ?? DEFAULT_REFERENCE_INSTRUMENT;
  const brand = ctx.brands[isTenantId(unit.tenant_id) ? unit.tenant_id : 2];

  // PDFKit is loaded with the first certificate, not at start (most runs never issue one), and
  // before the transaction, so the unit is not locked while it loads.
  const { renderCertificatePdf } = await import('./certificate-pdf');
  return ctx.db.transaction().execute(async (trx) => {
    await lockUnit(trx, unit.id);
    const sameDay = await countCertificatesOn(trx, unit.id, calibratedOn);
    const number = certificateNumber(unit.serial_number, calibratedOn, sameDay);
    await insertCertificate(trx, {
      device_id: unit.id,
      certificate_number: number,
      calibrated_on: calibratedOn,
      due_on: dueOn,
      reference_instrument: referenceInstrument,
      as_found: points.asFound,
      as_left: points.asLeft,
      issued_at: issuedAt,
    });
    const pdf = renderCertificatePdf({
      certificateNumber: number,
      serialNumber: unit.serial_number,
      deviceType: unit.device_type,
      calibratedOn,
      dueOn,
      referenceInstrument,
      asFound: points.asFound,
      asLeft: points.asLeft,
      issuedAt,
      brand,
    });
    const key = certificateKey(number);
    await ctx.files.put(key, pdf, { contentType: PDF_CONTENT_TYPE, downloadName: `${number}.pdf` });
    return {
      certificateNumber: number,
      serialNumber: unit.serial_number,
      calibratedOn,
      dueOn,
      key,
    };
  });
}

const NOT_NIST = 'This device is not a NIST-certified model, so it has no calibration certificate.';
const NONE_ISSUED = 'No NIST calibration certificate has been issued for this device yet.';

/**
 * GET /api/nistcertificate/devices/{deviceId} (device-management §2, §7): the unit's current
 * certificate with a link to its PDF that lives five minutes. The owner or a sub-account given the
 * unit may read it (a certificate belongs to the unit, not to a period of readings); a unit that
 * is not a NIST model, or has none yet, is a 404 saying so.
 */
export async function getNistCertificate(
  ctx: AppContext,
  { callerId, userDeviceId }: { callerId: number; userDeviceId: number },
): Promise<z.infer<typeof NistCertificate>> {
  const { row } = await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'read' });
  if (!isNistDevice(row.device_type)) throw notFound(NOT_NIST);
  const certificate = await findCurrentCertificate(ctx.db, row.device_id);
  if (!certificate) throw notFound(NONE_ISSUED);
  const key = certificateKey(certificate.certificate_number);
  if (!(await ctx.files.exists(key)))
    throw notFound('The certificate file is missing. Please contact customer support.');
  const link = await ctx.files.signedLink(
    key,
    { contentType: PDF_CONTENT_TYPE, downloadName: `${certificate.certificate_number}.pdf` },
    CERTIFICATE_LINK_SECONDS,
  );
  return {
    CertificateName: certificate.certificate_number,
    CalibrationDate: certificate.calibrated_on,
    DueDate: certificate.due_on,
    Url: link.url,
    ExpiresAt: link.expiresAt.toISOString(),
  };
}
