import { z } from 'zod';

/** One message kept in the local outbox (no SMTP server or SMS provider configured). */
export const OutboxMessage = z.object({
  Id: z.number().int(),
  Channel: z.enum(['email', 'sms', 'voice']),
  Recipient: z.string(),
  Subject: z.string().nullable(),
  TextBody: z.string(),
  HtmlBody: z.string().nullable(),
  /** Names of the files the e-mail carried (a weekly report's CSV). */
  AttachmentNames: z.array(z.string()),
  CreatedAt: z.string(),
});

/** GET /api/outbox: newest first. Served only while the local outbox is in use (404 otherwise). */
export const OutboxResponse = z.object({ messages: z.array(OutboxMessage) });
