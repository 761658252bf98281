import { useState } from 'react';
import type { BillingAddress } from '@monitor/contract/billing-addresses';
import { useCreateBillingAddressMutation } from '../api/create-billing-address';
import { toBillingAddressInput, type BillingAddressValues } from '../lib/billing-address';

/**
 * Remembers the first verified billing address as the customer's default (issue #24 item 7),
 * through the account page's own call (POST /api/billingaddresses). Offered only while there is
 * no default (`storedAddress` null; undefined when the lookup failed, so not known: not offered),
 * so an address the customer keeps is never replaced; on by
 * default. `saveAfterUse` takes the VERIFIED values only, once the registration or order that
 * used them succeeded; a failed save is not the customer's problem then (the flow succeeded), so
 * it is swallowed and they can still save it on /account.
 */
export function useSaveAsBillingAddress({
  userId,
  storedAddress,
}: {
  userId: number | null;
  storedAddress: BillingAddress | null | undefined;
}) {
  const create = useCreateBillingAddressMutation();
  const [isChecked, setIsChecked] = useState(true);
  const isOffered = userId !== null && storedAddress === null;

  async function saveAfterUse(verified: BillingAddressValues): Promise<void> {
    if (!isOffered || !isChecked) return;
    try {
      await create.mutateAsync(toBillingAddressInput(verified, userId));
    } catch {
      // Swallowed on purpose: see above.
    }
  }

  return { isOffered, isChecked, setIsChecked, saveAfterUse };
}
