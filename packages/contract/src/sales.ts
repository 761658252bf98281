import { z } from 'zod';

const MAX_TEXT = 100;

/** A text field of the address, required as a key (it may be empty: the check then says what is missing). */
const field = (label: string, max = MAX_TEXT) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string({ error: `${label} is required.` })
      .trim()
      .max(max, `${label} is too long.`),
  );

const optionalField = (label: string, max = MAX_TEXT) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.string().trim().max(max, `${label} is too long.`).nullish(),
  );

/** The address the forms send (store-and-public-site §3 "Checkout inputs"; accounts-devices-billing §3). */
const AddressFields = z.object({
  FirstName: optionalField('First name'),
  LastName: optionalField('Last name'),
  Address1: field('Address1'),
  Address2: optionalField('Address2'),
  City: field('City'),
  State: field('State', 30),
  Zip: field('Zip', 10),
  PhoneNumber: optionalField('PhoneNumber', 30),
});
export type AddressFields = z.output<typeof AddressFields>;

/**
 * A JSON text in the query string (`?userInfo=<JSON>`), read into `schema`: broken JSON is a 400
 * naming userInfo, a missing field a 400 naming userInfo.<field>.
 */
const jsonParam = <T extends z.ZodType>(schema: T) =>
  z
    .string({ error: 'userInfo is required.' })
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'userInfo is not valid JSON.' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/**
 * A Canadian address may come with its province in Province (store-and-public-site §3 "Checkout
 * inputs: … State, Province"): it stands in for an empty State.
 */
const withProvince = (raw: unknown) => {
  if (typeof raw !== 'object' || raw === null) return raw;
  const record = raw as Record<string, unknown>;
  return record.State || !record.Province ? record : { ...record, State: record.Province };
};

/** Query of GET /api/sales/checkAddressValidity/: the billing address with names. */
export const CheckAddressQuery = z.object({
  userInfo: jsonParam(z.preprocess(withProvince, AddressFields)),
});

const SHIPPING_KEYS = {
  ShippingAddress1: 'Address1',
  ShippingAddress2: 'Address2',
  ShippingCity: 'City',
  ShippingState: 'State',
  ShippingZip: 'Zip',
} as const;

/**
 * The shipping form's keys (ShippingAddress1/2, ShippingCity, ShippingState, ShippingZip;
 * store-and-public-site §3) read as the plain ones when the plain ones are absent.
 */
const fromShippingKeys = (raw: unknown) => {
  if (typeof raw !== 'object' || raw === null) return raw;
  const record = { ...(raw as Record<string, unknown>) };
  for (const [shipping, plain] of Object.entries(SHIPPING_KEYS))
    if (record[plain] === undefined && record[shipping] !== undefined)
      record[plain] = record[shipping];
  return withProvince(record);
};

/** Query of GET /api/sales/checkShippingAddressValidity/: the shipping address. */
export const CheckShippingAddressQuery = z.object({
  userInfo: jsonParam(z.preprocess(fromShippingKeys, AddressFields)),
});

/**
 * Answer of both address checks (accounts-devices-billing §3 "Address verification result"):
 * ReturnCode 31, 32, 21, 22 or 0 accepts the cleansed address; 23, 11, 12 or 13 rejects it with
 * AddressCleansingResult as the detail (§5; the codes are described in decision 035).
 */
export const AddressVerificationResult = z.object({
  Address1: z.string(),
  Address2: z.string(),
  City: z.string(),
  State: z.string(),
  Zip: z.string(),
  /** The same as Zip, under the name a Canadian address knows it by. */
  PostalCode: z.string(),
  ReturnCode: z.number().int(),
  AddressCleansingResult: z.string(),
});
export type AddressVerificationResult = z.infer<typeof AddressVerificationResult>;

const zipText = z
  .string({ error: 'zip is required.' })
  .trim()
  .min(1, 'zip is required.')
  .max(10, 'zip is too long.');

/** Query of GET /api/taxrates. */
export const TaxRateQuery = z.object({ zip: zipText });

/**
 * Answer of GET /api/taxrates: the rate charged at the ZIP as a fraction (0.08 for 8%), 0 where
 * the brand has no nexus; State is null for a Canadian postal code.
 */
export const TaxRate = z.object({
  Zip: z.string(),
  State: z.string().nullable(),
  Rate: z.number(),
  HasNexus: z.boolean(),
});

/** Dollars as the web app sends them (store-and-public-site §7), at most a million. */
const dollars = (label: string) =>
  z.coerce
    .number(`${label} must be an amount in dollars.`)
    .min(0, `${label} must be an amount in dollars.`)
    .max(1_000_000, `${label} is too large.`);

/**
 * Query of GET /api/taxrates/calculateSalesTax (accounts-devices-billing §7; store-and-public-site
 * §7): `amount` is in dollars for ONE unit (a device's period subtotal, §9 "amount times
 * frequency"), `quantity` the number of units (device count), `shipping` dollars for the order.
 */
export const CalculateSalesTaxQuery = z.object({
  toZip: z.string({ error: 'toZip is required.' }).trim().max(10, 'toZip is too long.'),
  toState: z.string().trim().max(30, 'toState is too long.').default(''),
  toCity: z.string().trim().max(MAX_TEXT, 'toCity is too long.').optional(),
  toStreet: z.string().trim().max(MAX_TEXT, 'toStreet is too long.').optional(),
  amount: dollars('amount'),
  shipping: dollars('shipping').default(0),
  quantity: z.coerce
    .number('quantity must be a whole number from 1 to 1000.')
    .int('quantity must be a whole number from 1 to 1000.')
    .min(1, 'quantity must be a whole number from 1 to 1000.')
    .max(1000, 'quantity must be a whole number from 1 to 1000.')
    .default(1),
});

/** Answer of GET /api/taxrates/calculateSalesTax: dollars with 2 decimals, Rate a fraction. */
export const SalesTax = z.object({
  Tax: z.number(),
  TaxableAmount: z.number(),
  Rate: z.number(),
  HasNexus: z.boolean(),
});

/** Answer of GET /api/taxrates/getNexusStates: the two-letter states the brand collects tax in. */
export const NexusStates = z.array(z.string());
