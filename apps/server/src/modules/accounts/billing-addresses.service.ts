import type { BillingAddress, BillingAddressInput } from '@monitor/contract/billing-addresses';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { parsePhoneInput } from '@monitor/domain/shared/phone';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/database/errors';
import {
  clearDefaultBillingAddress,
  findBillingAddressRow,
  findBillingAddressRows,
  findDefaultBillingAddressRow,
  insertBillingAddress,
  updateBillingAddress,
  type BillingAddressRow,
  type BillingAddressValues,
} from './billing-addresses.repository';

export function toBillingAddressEntity(row: Omit<BillingAddressRow, 'created_at'>): BillingAddress {
  return {
    Id: row.id,
    UserId: row.user_id,
    Default: row.is_default,
    FirstName: row.first_name,
    LastName: row.last_name,
    Address1: row.address1,
    Address2: row.address2,
    City: row.city,
    State: row.state,
    Zip: row.zip,
    PhoneNumber: row.phone_number,
  };
}

/** A user's addresses, or only the default one (the account page's lookup, accounts-devices-billing §7). */
export async function listBillingAddresses(
  ctx: AppContext,
  { userId, onlyDefault }: { userId: number; onlyDefault: boolean },
): Promise<BillingAddress[]> {
  if (onlyDefault) {
    const row = await findDefaultBillingAddressRow(ctx.db, userId);
    return row ? [toBillingAddressEntity(row)] : [];
  }
  return (await findBillingAddressRows(ctx.db, userId)).map(toBillingAddressEntity);
}

/** One address of the caller; another user's address is a 403. */
export async function getOwnBillingAddress(
  ctx: AppContext,
  { id, userId }: { id: number; userId: number },
): Promise<BillingAddressRow> {
  const row = await findBillingAddressRow(ctx.db, id);
  if (!row) throw notFound('Billing address not found.');
  if (row.user_id !== userId) throw forbidden();
  return row;
}

/** The stored columns of an address form; the phone keeps 11 digits with a leading 1 (accounts-devices-billing §5). */
function toValues(input: BillingAddressInput): Omit<BillingAddressValues, 'user_id'> {
  const phone = parsePhoneInput(input.PhoneNumber);
  if (!phone.isValid) throw badRequest(MESSAGES.invalidPhone);
  return {
    is_default: input.Default,
    first_name: input.FirstName,
    last_name: input.LastName,
    address1: input.Address1,
    address2: input.Address2?.trim() || null,
    city: input.City,
    state: input.State.toUpperCase(),
    zip: input.Zip.toUpperCase(),
    phone_number: phone.value,
  };
}

/**
 * Saves a new or changed address of the caller. Saving one as the default clears the flag on the
 * others in the same transaction, so the user keeps exactly one default (the database also holds
 * at most one per user).
 */
export async function saveBillingAddress(
  ctx: AppContext,
  { callerId, id, input }: { callerId: number; id?: number; input: BillingAddressInput },
): Promise<BillingAddress> {
  if (input.UserId !== callerId) throw forbidden();
  const values = toValues(input);
  if (id !== undefined) await getOwnBillingAddress(ctx, { id, userId: callerId });
  const save = () =>
    ctx.db.transaction().execute(async (trx) => {
      if (values.is_default) await clearDefaultBillingAddress(trx, callerId, id);
      return id === undefined
        ? insertBillingAddress(trx, { ...values, user_id: callerId })
        : updateBillingAddress(trx, id, values);
    });
  let row: BillingAddressRow | undefined;
  try {
    row = await save();
  } catch (error) {
    // Two saves of a default at once: the loser of the one-default index tries once more.
    if (!isUniqueViolation(error, 'billing_addresses_one_default')) throw error;
    row = await save();
  }
  if (!row) throw notFound('Billing address not found.');
  return toBillingAddressEntity(row);
}
