import type { EligibleDevice as EligibleDeviceAnswer } from '@monitor/contract/replacement';
import type { ReplacementRequest } from '@monitor/contract/replacement';
import type { z } from 'zod';
import {
  devicesToReplace,
  REPLACEMENT_REQUEST_DEFAULTS,
  type EligibleDevice,
} from '@monitor/domain/store/replacement';
import {
  toBillingAddressInput,
  type BillingAddressValues,
} from '../../../entities/billing/lib/billing-address';
import { joinPhoneParts } from '@monitor/domain/shared/phone';

export type OfferedDevice = z.infer<typeof EligibleDeviceAnswer>;

/** An offered device in the domain's terms, with the customer's Replace tick. */
export function toEligibleDevice(device: OfferedDevice, replace: boolean): EligibleDevice {
  return {
    deviceNsp: device.DeviceNSP,
    deviceType: device.DeviceType,
    serialNumber: device.SerialNumber,
    replace,
  };
}

/**
 * The replacement request (store-and-public-site §3 "Replacement request"): one line per device
 * still ticked Replace, with the item the server named for it (§9: by carrier and type), quantity
 * 1 and its serial; priority 1, BillingUser 0, ShippingType N; the payer with the card's nonce.
 */
export function buildReplacementRequest({
  userId,
  token,
  email,
  devices,
  replaceFlags,
  billing,
  shipping,
  card,
}: {
  userId: number;
  token: string;
  email: string;
  devices: readonly OfferedDevice[];
  replaceFlags: Readonly<Record<string, boolean>>;
  billing: BillingAddressValues;
  shipping: BillingAddressValues;
  card: { nonce: string; deviceData?: string | null };
}): ReplacementRequest {
  const chosen = devicesToReplace(
    devices.map((device) => ({
      ...toEligibleDevice(device, replaceFlags[device.SerialNumber] ?? true),
      itemId: device.ItemId,
    })),
  );
  const bill = toBillingAddressInput(billing, userId);
  const ship = toBillingAddressInput(shipping, userId);
  return {
    UserId: userId,
    RequestToken: token,
    priority: REPLACEMENT_REQUEST_DEFAULTS.priority,
    BillingUser: REPLACEMENT_REQUEST_DEFAULTS.billingUser,
    ShippingType: REPLACEMENT_REQUEST_DEFAULTS.shippingType,
    items: chosen.map((device) => ({
      ItemId: device.itemId,
      Quantity: 1,
      Serial: device.serialNumber,
    })),
    replacedDevices: chosen.map((device) => device.serialNumber),
    payer: {
      FirstName: bill.FirstName,
      LastName: bill.LastName,
      Email: email,
      phone: joinPhoneParts(billing.phone),
      Address1: bill.Address1,
      Address2: bill.Address2,
      City: bill.City,
      State: bill.State,
      Zip: bill.Zip,
      ShippingAddress1: ship.Address1,
      ShippingAddress2: ship.Address2,
      ShippingCity: ship.City,
      ShippingState: ship.State,
      ShippingZip: ship.Zip,
      PaymentNonce: card.nonce,
      DeviceData: card.deviceData ?? null,
    },
    TermsAccepted: true,
  };
}
