import { sql, type Kysely } from 'kysely';
import type { CalibrationPoint } from '@monitor/domain/devices/nist-certificates';
import type { DB } from '../../platform/database/schema';

/** A unit as a certificate names it. */
export type CertificateUnitRow = {
  id: number;
  serial_number: string;
  imei: string;
  device_type: number;
  tenant_id: number;
};

/** A certificate with its dates as YYYY-MM-DD. */
export type CertificateRow = {
  id: number;
  device_id: number;
  certificate_number: string;
  calibrated_on: string;
  due_on: string;
  reference_instrument: string;
  as_found: CalibrationPoint[];
  as_left: CalibrationPoint[];
  issued_at: Date;
};

const UNIT_COLUMNS = ['id', 'serial_number', 'imei', 'device_type', 'tenant_id'] as const;

/** A unit by its id, serial or IMEI. */
export function findCertificateUnit(
  db: Kysely<DB>,
  by: { id: number } | { serial: string } | { imei: string },
): Promise<CertificateUnitRow | undefined> {
  const query = db.selectFrom('devices').select(UNIT_COLUMNS);
  if ('id' in by) return query.where('id', '=', by.id).executeTakeFirst();
  if ('serial' in by) return query.where('serial_number', '=', by.serial).executeTakeFirst();
  return query.where('imei', '=', by.imei).executeTakeFirst();
}

/** Locks the unit's row for the transaction, so two certificates of one day get two numbers. */
export async function lockUnit(trx: Kysely<DB>, deviceId: number): Promise<void> {
  await trx.selectFrom('devices').select('id').where('id', '=', deviceId).forUpdate().execute();
}

/** How many certificates the unit has for a calibration date. */
export async function countCertificatesOn(
  db: Kysely<DB>,
  deviceId: number,
  calibratedOn: string,
): Promise<number> {
  const row = await db
    .selectFrom('nist_certificates')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('device_id', '=', deviceId)
    .where('calibrated_on', '=', calibratedOn)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type NewCertificate = Omit<CertificateRow, 'id' | 'issued_at'> & { issued_at: Date };

export async function insertCertificate(db: Kysely<DB>, values: NewCertificate): Promise<number> {
  const row = await db
    .insertInto('nist_certificates')
    .values({
      ...values,
      as_found: JSON.stringify(values.as_found),
      as_left: JSON.stringify(values.as_left),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const certificateColumns = (db: Kysely<DB>) =>
  db
    .selectFrom('nist_certificates')
    .select([
      'id',
      'device_id',
      'certificate_number',
      sql<string>`to_char(calibrated_on, 'YYYY-MM-DD')`.as('calibrated_on'),
      sql<string>`to_char(due_on, 'YYYY-MM-DD')`.as('due_on'),
      'reference_instrument',
      'as_found',
      'as_left',
      'issued_at',
    ]);

/** The unit's current certificate: its newest. */
export function findCurrentCertificate(
  db: Kysely<DB>,
  deviceId: number,
): Promise<CertificateRow | undefined> {
  return certificateColumns(db)
    .where('device_id', '=', deviceId)
    .orderBy('issued_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
