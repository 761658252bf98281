/**
 * The TwiML this server writes (Twilio's XML for calls and for answers to its webhooks), with the
 * text escaped so no message can break out of its element or attribute.
 */

/** What an alarm call asks after reading its message (issue #23). */
export const PRESS_1_PROMPT = 'Press 1 to acknowledge this alarm.';

/** Escapes text for an XML element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A call reading `spokenText` once; with `acknowledgeUrl`, then one key is gathered and posted
 * there (`PRESS_1_PROMPT`); a call nobody answers with a key ends after the prompt.
 */
export function callTwiml(spokenText: string, acknowledgeUrl?: string): string {
  const gather = acknowledgeUrl
    ? `<Gather numDigits="1" action="${escapeXml(acknowledgeUrl)}" method="POST"><Say>${PRESS_1_PROMPT}</Say></Gather>`
    : '';
  return `<Response><Say>${escapeXml(spokenText)}</Say>${gather}</Response>`;
}

/** The answer to an inbound text: one text back to the sender. */
export function messageTwiml(text: string): string {
  return `<Response><Message>${escapeXml(text)}</Message></Response>`;
}

/** The answer to a key pressed on a call: words read to the caller, then the call ends. */
export function sayTwiml(text: string): string {
  return `<Response><Say>${escapeXml(text)}</Say></Response>`;
}
