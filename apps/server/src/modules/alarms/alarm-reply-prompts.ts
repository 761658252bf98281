import type { CallOptions } from '../../adapters/sms/sms-voice-sender';
import type { AppContext } from '../../context';
import type { DeliveryRow } from '../outbox/deliveries.repository';
import { alarmLinkToken } from './alarm-links';

/**
 * What an alarm's text and call add so that they can be answered (issue #23), applied by the
 * delivery worker when it sends them: the `deliveries` row keeps the alarm's own words.
 */

/** The last line of an alarm's text (its first telling and its repeats). */
export const ALARM_TEXT_PROMPT = 'Reply ACK to acknowledge.';

/**
 * A text as sent: an alarm event's (its first telling or a repeat) ends with `ALARM_TEXT_PROMPT`;
 * any other is sent as written.
 */
export function textBodyOf(
  delivery: Pick<DeliveryRow, 'kind' | 'body' | 'alarm_event_id'>,
): string {
  return delivery.kind === 'alarm' && delivery.alarm_event_id !== null
    ? `${delivery.body}\n${ALARM_TEXT_PROMPT}`
    : delivery.body;
}

/**
 * The acknowledge webhook an alarm call posts its key to:
 * `PUBLIC_URL/api/twilio/voice/{eventId}?token=…`, the token an alarm link's for the event and the
 * number called (alarm-links.ts, 7 days). Undefined for any other call.
 */
export async function callOptionsOf(
  ctx: AppContext,
  delivery: Pick<DeliveryRow, 'kind' | 'address' | 'alarm_event_id'>,
): Promise<CallOptions | undefined> {
  if (delivery.kind !== 'alarm' || delivery.alarm_event_id === null) return undefined;
  const eventId = delivery.alarm_event_id;
  const token = await alarmLinkToken(ctx, { eventId, address: delivery.address });
  return {
    acknowledgeUrl: `${ctx.config.publicUrl}/api/twilio/voice/${eventId}?token=${encodeURIComponent(token)}`,
  };
}

/**
 * The event and token of an acknowledge webhook URL `callOptionsOf` made (the local mailbox keeps
 * it with the call, to press 1 as Twilio would post it); null for anything else.
 */
export function readCallAcknowledgeUrl(url: string): { eventId: number; token: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const match = /\/api\/twilio\/voice\/(\d{1,10})$/.exec(parsed.pathname);
  const token = parsed.searchParams.get('token');
  return match && token ? { eventId: Number(match[1]), token } : null;
}
