import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';

export type CommercialOrderRow = {
  serial_number: string;
  registration_date: string;
  user_id: number;
};

/** Records the date a billed customer's unit was registered on its commercial order line. */
export async function upsertCommercialOrder(
  db: Kysely<DB>,
  values: { deviceId: number; userId: number; registrationDate: string; now: Date },
): Promise<void> {
  await db
    .insertInto('commercial_orders')
    .values({
      device_id: values.deviceId,
      user_id: values.userId,
      registration_date: values.registrationDate,
      updated_at: values.now,
    })
    .onConflict((oc) =>
      oc.column('device_id').doUpdateSet({
        user_id: values.userId,
        registration_date: values.registrationDate,
        updated_at: values.now,
      }),
    )
    .execute();
}

export function findCommercialOrders(
  db: Kysely<DB>,
  deviceIds: number[],
): Promise<CommercialOrderRow[]> {
  return db
    .selectFrom('commercial_orders')
    .innerJoin('devices', 'devices.id', 'commercial_orders.device_id')
    .select([
      'devices.serial_number',
      sql<string>`to_char(commercial_orders.registration_date, 'YYYY-MM-DD')`.as(
        'registration_date',
      ),
      'commercial_orders.user_id',
    ])
    .where('commercial_orders.device_id', 'in', deviceIds)
    .orderBy('commercial_orders.id')
    .execute();
}
