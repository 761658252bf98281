import { z } from 'zod';
import { IdParam } from './common';

/**
 * Twilio's webhooks (issue #23): what Twilio posts, form-encoded, when someone answers an alarm
 * by text or presses a key on an alarm call. Twilio sends many more fields than these; all of
 * them are kept, since its signature covers every one.
 */

/** POST /api/twilio/sms: an inbound text. */
export const TwilioSmsForm = z.looseObject({
  /** The sender, in E.164 (`+15551234567`). */
  From: z.string().max(40),
  To: z.string().max(40).optional(),
  Body: z.string().max(1600).default(''),
});

/** POST /api/twilio/voice/{Id}: the key gathered on an alarm call. */
export const TwilioVoiceForm = z.looseObject({
  /** The keys pressed; absent when none was. */
  Digits: z.string().max(20).optional(),
});

export const TwilioVoiceParams = z.object({ Id: IdParam });

/** The alarm-link token the call's Gather action carries: bound to the event and the number called. */
export const TwilioVoiceQuery = z.object({ token: z.string().trim().min(1).max(500) });
