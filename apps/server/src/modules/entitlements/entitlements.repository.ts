import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';

/** What a unit's paying row holds: its instant updates, the pet monitor upgrade, and the commands waiting. */
export type PaidHolder = {
  id: number;
  instant_updates: number;
  pet_monitor: boolean;
  /** RPT and DOG paid from this row, neither answered nor past their answer window. */
  waiting: number;
};

/**
 * The paying row (the owner's user device), locked until the transaction ends so two sends at
 * once cannot both take the last instant update, with the commands it still holds one back for.
 */
export async function lockPaidHolder(
  db: Kysely<DB>,
  holderId: number,
  waitingSince: Date,
): Promise<PaidHolder> {
  const row = await db
    .selectFrom('user_devices')
    .select(['id', 'instant_updates', 'pet_monitor'])
    .where('id', '=', holderId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const { waiting } = await db
    .selectFrom('device_commands')
    .select((eb) => eb.fn.countAll<number>().as('waiting'))
    .where('paid_by_user_device_id', '=', holderId)
    .where('acked_at', 'is', null)
    .where('created_at', '>=', waitingSince)
    .executeTakeFirstOrThrow();
  return { ...row, waiting: Number(waiting) };
}

/** Switches the pet monitor upgrade on or off on a unit's paying row and its sub-accounts' rows. */
export function setPetMonitor(db: Kysely<DB>, holderId: number, isOn: boolean) {
  return db
    .updateTable('user_devices')
    .set({ pet_monitor: isOn })
    .where((eb) => eb.or([eb('id', '=', holderId), eb('parent_user_device_id', '=', holderId)]))
    .returning(['id', 'pet_monitor'])
    .execute();
}

/** The paying row (the owner's) of a user device, the sub-account's or the owner's own. */
export function findPayingRow(db: Kysely<DB>, userDeviceId: number) {
  return db
    .selectFrom('user_devices as given')
    .innerJoin('user_devices as paying', (join) =>
      join.on((eb) =>
        eb('paying.id', '=', eb.fn.coalesce('given.parent_user_device_id', 'given.id')),
      ),
    )
    .select(['paying.id', 'paying.user_id'])
    .where('given.id', '=', userDeviceId)
    .executeTakeFirst();
}
