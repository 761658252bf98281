/**
 * Answers of EasyPost's API v2 for POST /v2/shipments, as easypost-node's own tests record them
 * (test/cassettes/Shipment-Service/creates-a-shipment, Address-Service/throws-an-error-…), trimmed
 * to the fields the adapter reads plus the ids. The test account's carrier is USPS; the answer with
 * UPS and FedEx rates is the same recording with the rates an account with those carriers gets,
 * in the recorded Rate shape (service names as EasyPost's carrier pages list them).
 */

const rate = (service: string, carrier: string, amount: string, days: number | null) => ({
  id: `rate_${service.toLowerCase()}`,
  object: 'Rate',
  mode: 'test',
  service,
  carrier,
  rate: amount,
  currency: 'USD',
  retail_rate: amount,
  retail_currency: 'USD',
  list_rate: amount,
  list_currency: 'USD',
  delivery_days: days,
  delivery_date: null,
  delivery_date_guaranteed: false,
  est_delivery_days: days,
  shipment_id: 'shp_eb44b23e83a44682b0b13881b61682c8',
  carrier_account_id: 'ca_5ba7ca3632c54adeb17ad4bcac13c890',
});

const shipment = (rates: unknown[], messages: unknown[] = []) => ({
  id: 'shp_eb44b23e83a44682b0b13881b61682c8',
  object: 'Shipment',
  created_at: '2024-07-30T16:12:02Z',
  is_return: false,
  messages,
  mode: 'test',
  options: { currency: 'USD', payment: { type: 'SENDER' }, date_advance: 0 },
  status: 'unknown',
  rates,
});

/** The recorded test account's answer: USPS Express, Priority and GroundAdvantage. */
export const SHIPMENT_USPS = shipment([
  rate('Express', 'USPS', '33.10', 2),
  rate('Priority', 'USPS', '6.90', 2),
  rate('GroundAdvantage', 'USPS', '5.93', 3),
]);

/** An account with UPS and FedEx as well: several next-day and ground services to choose from. */
export const SHIPMENT_SEVERAL_CARRIERS = shipment([
  rate('Express', 'USPS', '33.10', 2),
  rate('GroundAdvantage', 'USPS', '9.45', 3),
  rate('NextDayAir', 'UPS', '41.27', 1),
  rate('NextDayAirSaver', 'UPS', '29.86', 1),
  rate('2ndDayAir', 'UPS', '18.02', 2),
  rate('Ground', 'UPS', '11.38', 4),
  rate('STANDARD_OVERNIGHT', 'FedEx', '30.15', 1),
  rate('FEDEX_GROUND', 'FedEx', '8.74', 4),
]);

/** Rates came back from no carrier; the recorded carrier message says why. */
export const SHIPMENT_NO_RATES = shipment(
  [],
  [
    {
      carrier: 'UPS',
      carrier_account_id: 'ca_3abe58dbb6c6463cbbc8d00a733634e8',
      type: 'rate_error',
      message: 'Account numbers should be 6 characters or less.',
    },
  ],
);

/** 422 for an address EasyPost cannot use. */
export const ADDRESS_REFUSED = {
  error: {
    code: 'ADDRESS.VERIFY.FAILURE',
    message: 'Unable to verify address.',
    errors: [
      {
        code: 'E.ADDRESS.NOT_FOUND',
        field: 'address',
        message: 'Address not found',
        suggestion: null,
      },
    ],
  },
};
