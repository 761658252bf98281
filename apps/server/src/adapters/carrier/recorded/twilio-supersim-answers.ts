/**
 * Answers of Twilio's Super SIM API (https://supersim.twilio.com/v1/Sims) in the shape of
 * Twilio's API reference for the Sim resource, for the SIM the tests activate.
 */
const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';

export const SIM_SID = 'HS0123456789abcdef0123456789abcdef';
export const ICCID = '89883070000123456789';
export const FLEET_SID = 'HF0123456789abcdef0123456789abcdef';

/** The SIM, as a POST /v1/Sims/{Sid} with Status=active answers it. */
export const simResource = (uniqueName: string, status = 'active') => ({
  sid: SIM_SID,
  unique_name: uniqueName,
  account_sid: ACCOUNT_SID,
  iccid: ICCID,
  status,
  fleet_sid: FLEET_SID,
  date_created: '2026-11-01T12:00:00Z',
  date_updated: '2026-11-23T12:00:00Z',
  url: `https://supersim.twilio.com/v1/Sims/${SIM_SID}`,
  links: {
    billing_periods: `https://supersim.twilio.com/v1/Sims/${SIM_SID}/BillingPeriods`,
    sim_ip_addresses: `https://supersim.twilio.com/v1/Sims/${SIM_SID}/IpAddresses`,
  },
});

/** GET /v1/Sims?Iccid=… : a page of zero or one SIM. */
export const simPage = (sims: unknown[]) => ({
  sims,
  meta: {
    page: 0,
    page_size: 1,
    first_page_url: `https://supersim.twilio.com/v1/Sims?Iccid=${ICCID}&PageSize=1&Page=0`,
    previous_page_url: null,
    url: `https://supersim.twilio.com/v1/Sims?Iccid=${ICCID}&PageSize=1&Page=0`,
    next_page_url: null,
    key: 'sims',
  },
});

/** Twilio's 404 for a SIM SID or unique name the account does not have. */
export const SIM_NOT_FOUND = {
  code: 20404,
  message: 'The requested resource /Sims/000000000000000 was not found',
  more_info: 'https://www.twilio.com/docs/errors/20404',
  status: 404,
};
