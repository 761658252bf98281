import type { OutboxReplyInput } from '@monitor/contract/outbox';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { answerKeypress, answerTextReply } from '../alarms/alarm-replies.service';
import { readCallAcknowledgeUrl } from '../alarms/alarm-reply-prompts';
import { findOutboxMessageById } from './outbox.repository';

/**
 * A recipient's answer to a message of the local outbox (issue #23), handled as Twilio's webhooks
 * handle a real one (alarms/alarm-replies.service.ts), without their signature: a text back from
 * a number, or a key pressed on a call, which goes to the acknowledge URL the call was placed
 * with. Answers the text sent back, or the words the call says.
 */
export async function answerOutboxReply(ctx: AppContext, input: OutboxReplyInput): Promise<string> {
  switch (input.Channel) {
    case 'sms':
      return answerTextReply(ctx, { from: input.From, body: input.Body });
    case 'voice': {
      const call = await findOutboxMessageById(ctx.db, input.MessageId);
      const action =
        call?.channel === 'voice' && call.acknowledge_url
          ? readCallAcknowledgeUrl(call.acknowledge_url)
          : null;
      if (!action) throw notFound('No call of the outbox asks for a key.');
      return answerKeypress(ctx, { ...action, digits: input.Digits });
    }
  }
}
