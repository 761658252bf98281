import { parseArgs } from 'node:util';
import type { AppContext } from '../context';
import { storedPhoneOf } from '../modules/alarms/alarm-replies.service';
import { answerOutboxReply } from '../modules/outbox/outbox-replies.service';

/** The alarm answer command's part of the usage text (issue #23). */
export const ALARM_REPLY_USAGE = `  sms-reply --from PHONE --body TEXT
      Local mode only (no Twilio): answers a text of the local outbox as its recipient would,
      through the same handler as Twilio's webhook. --body ACK (or "ACK 1234", naming the
      event) acknowledges the newest unacknowledged alarm texted to --from (15551234567); prints
      the text sent back.`;

export type AlarmReplyCommand = { name: 'sms-reply'; from: string; body: string };

/** Reads `sms-reply --from PHONE --body TEXT` (everything after the command's name). */
export function parseAlarmReplyCommand(
  argv: readonly string[],
  fail: (message: string) => Error,
): AlarmReplyCommand {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      options: { from: { type: 'string' }, body: { type: 'string' } },
    }));
  } catch (error) {
    throw fail((error as Error).message);
  }
  if (values.from === undefined) throw fail('--from is required.');
  if (values.body === undefined) throw fail('--body is required.');
  const from = storedPhoneOf(values.from);
  if (from === null) throw fail('--from: must be a US phone number such as 15551234567.');
  if (values.body.length > 1600) throw fail('--body: must be at most 1600 characters.');
  return { name: 'sms-reply', from, body: values.body };
}

/**
 * Answers the text as the local mailbox's "Reply" box does; refused while Twilio sends the texts
 * (the real phone answers then). Answers the line to print: the text sent back.
 */
export async function runAlarmReplyCommand(
  ctx: AppContext,
  command: AlarmReplyCommand,
  fail: (message: string) => Error,
): Promise<string> {
  if (ctx.sms.kind !== 'outbox')
    throw fail('sms-reply answers the local outbox only: texts go through Twilio here.');
  const reply = await answerOutboxReply(ctx, {
    Channel: 'sms',
    From: command.from,
    Body: command.body,
  });
  return `Replied to ${command.from}: ${reply}`;
}
