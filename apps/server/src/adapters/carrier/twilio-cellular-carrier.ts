import twilio from 'twilio';
import { RedirectingRequestClient } from '../sms/twilio-sms-voice-sender';
import type { CellularCarrier } from './cellular-carrier';

export type TwilioSimSettings = {
  accountSid: string;
  authToken: string;
  /** TWILIO_SIM_FLEET: the Super SIM Fleet (SID or unique name) an activated SIM belongs to. */
  fleet: string;
  /** Sends the SDK's requests to this base instead of `https://supersim.twilio.com` (tests). */
  apiBaseUrl?: string;
};

/**
 * Activates the unit's Super SIM through Twilio's SDK (decision 035): the SIM is found by its
 * ICCID when given, otherwise by its unique name, which is the unit's IMEI (set when the SIMs are
 * claimed into the account), then updated to `active` in the configured Fleet: a new SIM can only
 * become active in a Fleet, and one already active stays so. Super SIM rather than Programmable
 * Wireless: it roams on both of the spec's carriers with one SIM and is the API Twilio develops.
 */
export function createTwilioCellularCarrier({
  accountSid,
  authToken,
  fleet,
  apiBaseUrl,
}: TwilioSimSettings): CellularCarrier {
  const client = twilio(accountSid, authToken, {
    ...(apiBaseUrl && { httpClient: new RedirectingRequestClient(apiBaseUrl.replace(/\/$/, '')) }),
  });
  const sims = client.supersim.v1.sims;

  async function findSimSid(imei: string, iccid: string | undefined): Promise<string> {
    if (!iccid) return imei;
    const [sim] = await sims.list({ iccid, limit: 1 });
    if (!sim) throw new Error(`carrier: no Super SIM with ICCID ${iccid}`);
    return sim.sid;
  }

  return {
    kind: 'twilio',
    activateModem: async ({ imei, iccid }) => {
      const sid = await findSimSid(imei, iccid);
      await sims(sid).update({ status: 'active', fleet });
    },
  };
}
