/**
 * The SMS/voice port: sends texts and places voice calls; numbers are given as stored (11 digits,
 * leading 1). Implementations: twilio-sms-voice-sender.ts and outbox-sms-voice-sender.ts;
 * create-sms-voice-sender.ts chooses one from the configuration.
 */
export type SmsVoiceSender = {
  /** 'twilio' reaches real phones; 'outbox' keeps messages in the database for the demo. */
  kind: 'twilio' | 'outbox';
  sendText: (to: string, body: string) => Promise<void>;
  /**
   * Calls the number and reads `spokenText` aloud once; with `acknowledgeUrl` it then asks to
   * press 1 and posts the key pressed there (`POST /api/twilio/voice/{Id}?token=…`, issue #23).
   */
  placeCall: (to: string, spokenText: string, options?: CallOptions) => Promise<void>;
};

export type CallOptions = {
  /** Where the key pressed after `PRESS_1_PROMPT` goes (an alarm call's acknowledge webhook). */
  acknowledgeUrl?: string;
};

/**
 * A stored phone number as E.164: 11 digits with a leading 1 become `+1…`; a number already
 * written with `+` passes through; anything else is refused rather than sent to a wrong number.
 */
export function toE164(phone: string): string {
  const trimmed = phone.trim();
  if (/^\+[1-9]\d{6,14}$/.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/[\s().-]/g, '');
  if (/^1\d{10}$/.test(digits)) return `+${digits}`;
  if (/^\d{10}$/.test(digits)) return `+1${digits}`;
  throw new Error(`not a phone number: ${phone}`);
}
