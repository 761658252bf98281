import type { BillingAddress } from '@monitor/contract/billing-addresses';
import type { AppContext } from '../context';
import {
  findDefaultBillingAddressRow,
  type BillingAddressRow,
} from '../db/repositories/billing-addresses.repository';

export function findDefaultBillingAddress(
  ctx: AppContext,
  userId: number,
): Promise<BillingAddressRow | undefined> {
  return findDefaultBillingAddressRow(ctx.db, userId);
}

export function toBillingAddressEntity(row: BillingAddressRow): BillingAddress {
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
