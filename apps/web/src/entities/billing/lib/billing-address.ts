import type { BillingAddress, BillingAddressInput } from '@monitor/contract/billing-addresses';
import type { AddressFields } from '@monitor/contract/sales';
import type { PostalAddress } from '@monitor/domain/accounts/addresses';
import { joinPhoneParts, splitPhoneNumber, type PhoneParts } from '@monitor/domain/shared/phone';
import { parseCanadianPostalCode, parsePostalCode } from '@monitor/domain/shared/postal-codes';
import { DEFAULT_STATE } from '@monitor/domain/shared/regions';
import { EMPTY_PHONE } from '../../../components/ui/phone-number-input';

/** The billing address as its form holds it (accounts-devices-billing §2, §3): the phone in 3 parts. */
export type BillingAddressValues = {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  phone: PhoneParts;
};

/** Starting values: the stored address, else the user's names and the default state NY (§9). */
export function toBillingAddressValues(
  address: BillingAddress | null | undefined,
  user: { FirstName: string; LastName: string },
): BillingAddressValues {
  return {
    firstName: address?.FirstName ?? user.FirstName,
    lastName: address?.LastName ?? user.LastName,
    address1: address?.Address1 ?? '',
    address2: address?.Address2 ?? '',
    city: address?.City ?? '',
    state: address?.State || DEFAULT_STATE,
    zip: address?.Zip ?? '',
    phone: (address?.PhoneNumber && splitPhoneNumber(address.PhoneNumber)) || EMPTY_PHONE,
  };
}

const required = (label: string) => (value: string) =>
  value.trim() ? null : `Enter the ${label}.`;

/** The form's field rules (Mantine `validate`). */
export const billingAddressValidators = {
  firstName: required('first name'),
  lastName: required('last name'),
  address1: required('street address'),
  city: required('city'),
  state: (value: string) => (value ? null : 'Choose the state or province.'),
  zip: (value: string) =>
    parsePostalCode(value) ? null : 'Enter a 5-digit ZIP code or a Canadian postal code.',
  phone: (parts: PhoneParts) => {
    const typed = parts.areaCode + parts.prefix + parts.lineNumber;
    // Stored only with all 10 digits (accounts-devices-billing §5); empty is allowed.
    return typed === '' || joinPhoneParts(parts)
      ? null
      : 'Enter all 10 digits of the phone number.';
  },
};

/** A Canadian postal code is kept as typed, uppercased ('M5V 2T6'). */
function normalizeZip(zip: string): string {
  const typed = zip.trim();
  return parseCanadianPostalCode(typed) ? typed.toUpperCase() : typed;
}

/** Body of POST / PUT /api/billingaddresses for these values. */
export function toBillingAddressInput(
  values: BillingAddressValues,
  userId: number,
): BillingAddressInput {
  return {
    UserId: userId,
    Default: true,
    FirstName: values.firstName.trim(),
    LastName: values.lastName.trim(),
    Address1: values.address1.trim(),
    Address2: values.address2.trim() || null,
    City: values.city.trim(),
    State: values.state,
    Zip: normalizeZip(values.zip),
    PhoneNumber: joinPhoneParts(values.phone),
  };
}

/** The address part the verification works on (domain accounts/addresses). */
export function toPostalAddress(values: BillingAddressValues): PostalAddress {
  return {
    address1: values.address1.trim(),
    address2: values.address2.trim(),
    city: values.city.trim(),
    state: values.state,
    zip: normalizeZip(values.zip),
  };
}

/** The `userInfo` of GET /api/sales/checkAddressValidity/ (§7 "payload address with names"). */
export function toAddressCheckPayload(values: BillingAddressValues): AddressFields {
  const input = toBillingAddressInput(values, 0);
  return {
    FirstName: input.FirstName,
    LastName: input.LastName,
    Address1: input.Address1,
    Address2: input.Address2 ?? '',
    City: input.City,
    State: input.State,
    Zip: input.Zip,
    PhoneNumber: input.PhoneNumber ?? null,
  };
}

/** The address fields of a subscription request (§3 "Subscription request"). */
export function toSubscriptionAddress(values: BillingAddressValues) {
  const input = toBillingAddressInput(values, 0);
  return {
    FirstName: input.FirstName,
    LastName: input.LastName,
    Address1: input.Address1,
    Address2: input.Address2,
    City: input.City,
    State: input.State,
    Zip: input.Zip,
  };
}
