import type { AppContext } from '../context';
import { sendReplacementOffer } from '../modules/store/replacement.service';

/** The replacement offer's part of the usage text (decision 045). */
export const REPLACEMENT_USAGE = `  send-replacement-offer USER_ID
      E-mails an owner with devices the replacement offer takes (type 1 or 4 on carrier 1 or 2)
      the offer's link (PUBLIC_URL/deviceupgrade?customerid=…&token=…&item=…, good for one order
      for 30 days) and prints it.`;

export type ReplacementCommand = { name: 'send-replacement-offer'; userId: number };

/** Reads `send-replacement-offer USER_ID` from the positionals after the name. */
export function parseReplacementCommand(
  extra: readonly string[],
  fail: (message: string) => Error,
): ReplacementCommand {
  const [userId, ...more] = extra;
  if (userId === undefined || more.length > 0 || !/^[1-9]\d{0,9}$/.test(userId))
    throw fail('send-replacement-offer takes one user id.');
  return { name: 'send-replacement-offer', userId: Number(userId) };
}

/** Sends the offer and answers the line to print; an owner without eligible devices is the operator's mistake. */
export async function runReplacementCommand(
  ctx: AppContext,
  command: ReplacementCommand,
  fail: (message: string) => Error,
): Promise<string> {
  const sent = await sendReplacementOffer(ctx, command.userId);
  if ('refused' in sent) throw fail(sent.refused);
  return `E-mailed the replacement offer to ${sent.email}: ${sent.link}`;
}
