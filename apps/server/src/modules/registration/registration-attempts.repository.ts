import { type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../platform/database/schema';

export type RegistrationAttemptRow = Selectable<DB['device_registrations']>;

/**
 * Claims an Idempotency-Key for a registration: the new row, or undefined when the user already
 * used the key (a repeated or concurrent submit, which reads the row with `findRegistrationAttempt`).
 */
export function claimRegistrationAttempt(
  db: Kysely<DB>,
  values: {
    userId: number;
    idempotencyKey: string;
    serialNumber: string;
    termsAcceptedAt: Date;
    now: Date;
  },
): Promise<RegistrationAttemptRow | undefined> {
  return db
    .insertInto('device_registrations')
    .values({
      user_id: values.userId,
      idempotency_key: values.idempotencyKey,
      serial_number: values.serialNumber,
      status: 'running',
      step: 'terms-accepted',
      terms_accepted_at: values.termsAcceptedAt,
      created_at: values.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findRegistrationAttempt(
  db: Kysely<DB>,
  { userId, idempotencyKey }: { userId: number; idempotencyKey: string },
): Promise<RegistrationAttemptRow | undefined> {
  return db
    .selectFrom('device_registrations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** Records the step a running registration reached and what it made so far. */
export async function recordRegistrationStep(
  db: Kysely<DB>,
  id: number,
  values: { step: string; userDeviceId?: number; subscriptionId?: number },
): Promise<void> {
  await db
    .updateTable('device_registrations')
    .set({
      step: values.step,
      ...(values.userDeviceId !== undefined && { user_device_id: values.userDeviceId }),
      ...(values.subscriptionId !== undefined && { subscription_id: values.subscriptionId }),
    })
    .where('id', '=', id)
    .execute();
}

/** Ends a registration with the answer a repeated submit is given. */
export async function finishRegistrationAttempt(
  db: Kysely<DB>,
  id: number,
  values: {
    status: 'complete' | 'failed';
    step: string;
    answerStatus: number;
    answer: unknown;
    undoError?: string | null;
    finishedAt: Date;
  },
): Promise<void> {
  await db
    .updateTable('device_registrations')
    .set({
      status: values.status,
      step: values.step,
      answer_status: values.answerStatus,
      answer: JSON.stringify(values.answer),
      undo_error: values.undoError ?? null,
      finished_at: values.finishedAt,
      // A failed registration undone whole leaves nothing to point at; one whose undoing failed
      // keeps its ids for staff to finish by hand (decision 037).
      ...(values.status === 'failed' &&
        !values.undoError && { user_device_id: null, subscription_id: null }),
    })
    .where('id', '=', id)
    .execute();
}
