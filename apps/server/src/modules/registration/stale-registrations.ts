import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import type { AppContext } from '../../context';
import {
  finishRegistrationAttempt,
  type RegistrationAttemptRow,
} from './registration-attempts.repository';
import { undoSubscriptionByKey } from './registration-billing';
import { deleteIncompleteUserDevice } from './registration.repository';

/**
 * How long a registration may stay running before a repeat of it takes it for one whose process
 * died half-way: far longer than any outside call may take (decision 037).
 */
export const STALE_REGISTRATION_MS = 10 * 60 * 1000;

/**
 * A registration whose process died half-way is undone when its key comes again: its subscription
 * (found by its key: charges refunded, cancelled, card let go) and its user device if not complete,
 * then it is failed with the saving message, which the repeat answers. Any other is left as it is.
 */
export async function undoStaleRegistration(
  ctx: AppContext,
  attempt: RegistrationAttemptRow,
): Promise<RegistrationAttemptRow> {
  const age = ctx.now().getTime() - attempt.created_at.getTime();
  if (attempt.status !== 'running' || age < STALE_REGISTRATION_MS) return attempt;
  await undoSubscriptionByKey(ctx, `${attempt.user_id}:registration-${attempt.id}`);
  if (attempt.user_device_id) await deleteIncompleteUserDevice(ctx.db, attempt.user_device_id);
  const answer = { message: ACCOUNT_ALERT_MESSAGES.saveNewDeviceFailed };
  await finishRegistrationAttempt(ctx.db, attempt.id, {
    status: 'failed',
    step: attempt.step,
    answerStatus: 500,
    answer,
    finishedAt: ctx.now(),
  });
  return { ...attempt, status: 'failed', answer_status: 500, answer };
}
