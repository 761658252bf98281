import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import type TwilioResponse from 'twilio/lib/http/response';
import { toE164, type SmsVoiceSender } from './sms-voice-sender';
import { callTwiml } from './twiml';

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** The Twilio number texts and calls come from, as stored or in E.164. */
  from: string;
  /**
   * Sends the SDK's requests to this base instead of `https://*.twilio.com` (tests point it at a
   * local stub); everything else, authentication and encoding included, is the SDK's own.
   */
  apiBaseUrl?: string;
};

/** A request client that keeps the path of every Twilio URL and swaps its origin. */
export class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super();
  }

  override request<TData>(
    opts: RequestClient.RequestOptions<TData>,
  ): Promise<TwilioResponse<TData>> {
    const url = new URL(opts.uri);
    return super.request<TData>({ ...opts, uri: `${this.baseUrl}${url.pathname}${url.search}` });
  }
}

/**
 * Texts with Messages.create and calls with Calls.create reading the text through TwiML `<Say>`,
 * then, for an alarm, gathering one key for its acknowledge URL (twiml.ts).
 */
export function createTwilioSmsVoiceSender({
  accountSid,
  authToken,
  from,
  apiBaseUrl,
}: TwilioSettings): SmsVoiceSender {
  const client = twilio(accountSid, authToken, {
    ...(apiBaseUrl && { httpClient: new RedirectingRequestClient(apiBaseUrl.replace(/\/$/, '')) }),
  });
  const sender = toE164(from);
  return {
    kind: 'twilio',
    sendText: async (to, body) => {
      await client.messages.create({ to: toE164(to), from: sender, body });
    },
    placeCall: async (to, spokenText, options) => {
      await client.calls.create({
        to: toE164(to),
        from: sender,
        twiml: callTwiml(spokenText, options?.acknowledgeUrl),
      });
    },
  };
}
