import { useForm } from '@mantine/form';
import type { BillingAddress } from '@monitor/contract/billing-addresses';
import {
  billingAddressValidators,
  toBillingAddressValues,
  type BillingAddressValues,
} from '../lib/billing-address';

/**
 * The billing address form (accounts-devices-billing §2, §3, §5): starts from the stored address,
 * else the user's names and NY; the field rules of `billingAddressValidators`.
 */
export function useBillingAddressForm({
  address,
  user,
}: {
  address: BillingAddress | null | undefined;
  user: { FirstName: string; LastName: string };
}) {
  return useForm<BillingAddressValues>({
    mode: 'controlled',
    initialValues: toBillingAddressValues(address, user),
    validate: billingAddressValidators,
  });
}

export type BillingAddressForm = ReturnType<typeof useBillingAddressForm>;
