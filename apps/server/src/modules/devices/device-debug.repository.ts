import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB, DeliveryChannel, DeliveryStatus } from '../../platform/database/schema';
import { findNewestInParts, isInReadingsPart } from '../telemetry/newest-readings';

/** A unit with its owner's registration and counts, as the debug list shows it. */
export type DebugDeviceRow = {
  device_id: number;
  imei: string;
  serial_number: string;
  device_type: number;
  firmware_version: string | null;
  memo: string | null;
  device_nsp: number;
  modem_activated: boolean;
  last_report_at: Date | null;
  user_device_id: number | null;
  owner_user_id: number | null;
  owner_email: string | null;
  is_active: boolean | null;
  peripheral_count: string | number;
  open_alarms: string | number;
};

/** `%` and `_` typed in a search are matched as themselves, not as wildcards. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Units joined to their owner's registration (not sub-accounts'), narrowed by a search. */
function selectUnits(db: Kysely<DB>, search: string | undefined) {
  let query = db
    .selectFrom('devices')
    .leftJoin('user_devices', (join) =>
      join
        .onRef('user_devices.device_id', '=', 'devices.id')
        .on('user_devices.parent_user_device_id', 'is', null),
    )
    .leftJoin('users', 'users.id', 'user_devices.user_id');
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([
        eb('devices.imei', 'ilike', pattern),
        eb('devices.serial_number', 'ilike', pattern),
        eb('users.email_address', 'ilike', pattern),
      ]),
    );
  }
  return query;
}

function selectDebugColumns<O>(
  query: SelectQueryBuilder<
    DB & { user_devices: DB['user_devices'] | null; users: DB['users'] | null },
    'devices' | 'user_devices' | 'users',
    O
  >,
) {
  return query.select((eb) => [
    'devices.id as device_id',
    'devices.imei',
    'devices.serial_number',
    'devices.device_type',
    'devices.firmware_version',
    'devices.memo',
    'devices.device_nsp',
    'devices.modem_activated',
    'devices.last_report_at',
    'user_devices.id as user_device_id',
    'user_devices.user_id as owner_user_id',
    'users.email_address as owner_email',
    'user_devices.is_active',
    eb
      .selectFrom('peripherals')
      .select((sub) => sub.fn.countAll<string | number>().as('n'))
      .whereRef('peripherals.device_id', '=', 'devices.id')
      .as('peripheral_count'),
    eb
      .selectFrom('alarm_events')
      .select((sub) => sub.fn.countAll<string | number>().as('n'))
      .whereRef('alarm_events.user_device_id', '=', 'user_devices.id')
      .where('alarm_events.closed_at', 'is', null)
      .as('open_alarms'),
  ]);
}

/** Every unit matching `search` (IMEI, serial or owner e-mail), by IMEI, `limit` at most, and how many match. */
export async function findDebugDevices(
  db: Kysely<DB>,
  { search, limit }: { search: string | undefined; limit: number },
): Promise<{ rows: DebugDeviceRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    selectDebugColumns(selectUnits(db, search)).orderBy('devices.imei').limit(limit).execute(),
    selectUnits(db, search)
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as DebugDeviceRow[], total: Number(count.total) };
}

/** One unit by IMEI, with the same facts as the list. */
export async function findDebugDeviceByImei(
  db: Kysely<DB>,
  imei: string,
): Promise<DebugDeviceRow | undefined> {
  const row = await selectDebugColumns(selectUnits(db, undefined))
    .where('devices.imei', '=', imei)
    .executeTakeFirst();
  return row as DebugDeviceRow | undefined;
}

/**
 * The unit's latest stored reports, newest first; from the month of `lastReportAt` (the unit's
 * `last_report_at` as the caller read it) first (decision 077).
 */
export function findRecentDeviceReports(
  db: Kysely<DB>,
  { deviceId, lastReportAt, limit }: { deviceId: number; lastReportAt: Date | null; limit: number },
) {
  return findNewestInParts(limit, (part, partLimit) =>
    db
      .selectFrom('device_reports')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where(isInReadingsPart(part, 'report_timestamp', lastReportAt))
      .orderBy('report_timestamp', 'desc')
      .limit(partLimit)
      .execute(),
  );
}

export type DebugDeliveryRow = {
  id: number;
  alarm_type: string | null;
  channel: DeliveryChannel;
  address: string;
  subject: string | null;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
};

/**
 * The latest alarm deliveries about the unit, newest first: those of alarm events or notifications
 * on any registration of it (owner and sub-accounts), since support asks about the unit.
 */
export function findRecentDeliveriesOfDevice(
  db: Kysely<DB>,
  deviceId: number,
  limit: number,
): Promise<DebugDeliveryRow[]> {
  const registrations = db
    .selectFrom('user_devices')
    .select('user_devices.id')
    .where('user_devices.device_id', '=', deviceId);
  return db
    .selectFrom('deliveries')
    .leftJoin('alarm_events', 'alarm_events.id', 'deliveries.alarm_event_id')
    .leftJoin('notifications', 'notifications.id', 'deliveries.notification_id')
    .where((eb) =>
      eb.or([
        eb('alarm_events.user_device_id', 'in', registrations),
        eb('notifications.user_device_id', 'in', registrations),
      ]),
    )
    .select((eb) => [
      'deliveries.id',
      eb.fn.coalesce('alarm_events.alarm_type', 'notifications.alarm_type').as('alarm_type'),
      'deliveries.channel',
      'deliveries.address',
      'deliveries.subject',
      'deliveries.status',
      'deliveries.attempts',
      'deliveries.last_error',
      'deliveries.created_at',
      'deliveries.sent_at',
    ])
    .orderBy('deliveries.created_at', 'desc')
    .orderBy('deliveries.id', 'desc')
    .limit(limit)
    .execute();
}
