import type { z } from 'zod';
import type { OutboxMessage } from '@monitor/contract/outbox';
import type { AppContext } from '../../context';
import { findRecentOutboxMessages } from './outbox.repository';

/** The demo mailbox shows at most this many messages. */
export const OUTBOX_LIMIT = 100;

/** The newest messages kept in the local outbox, newest first. */
export async function listOutboxMessages(
  ctx: AppContext,
): Promise<z.infer<typeof OutboxMessage>[]> {
  const rows = await findRecentOutboxMessages(ctx.db, OUTBOX_LIMIT);
  return rows.map((row) => ({
    Id: row.id,
    Channel: row.channel,
    Recipient: row.recipient,
    Subject: row.subject,
    TextBody: row.text_body,
    HtmlBody: row.html_body,
    AttachmentNames: row.attachment_names ?? [],
    OffersKeypress: row.acknowledge_url !== null,
    CreatedAt: row.created_at.toISOString(),
  }));
}
