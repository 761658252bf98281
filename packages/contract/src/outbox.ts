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
  /** A call that asks to press 1 to acknowledge its alarm: the mailbox offers the key (issue #23). */
  OffersKeypress: z.boolean(),
  CreatedAt: z.string(),
});

/** GET /api/outbox: newest first. Served only while the local outbox is in use (404 otherwise). */
export const OutboxResponse = z.object({ messages: z.array(OutboxMessage) });

/**
 * POST /api/outbox/replies (issue #23): the local stand-in for a recipient answering a message of
 * the local outbox, as Twilio's webhooks would bring it: a text back from a phone (`From`, as
 * stored or written as a phone number) or a key pressed on a call of the outbox.
 */
export const OutboxReplyInput = z.discriminatedUnion('Channel', [
  z.object({
    Channel: z.literal('sms'),
    From: z
      .string()
      .trim()
      .regex(/^\+?[\d\s().-]{10,20}$/, 'Enter a phone number.'),
    Body: z.string().max(1600),
  }),
  z.object({
    Channel: z.literal('voice'),
    /** The call in the outbox (its `Id`). */
    MessageId: z.number().int().positive().max(2_147_483_647),
    Digits: z.string().regex(/^[\d*#]{1,10}$/, 'Enter the keys pressed: digits, * or #.'),
  }),
]);
export type OutboxReplyInput = z.infer<typeof OutboxReplyInput>;

/** What the recipient gets back: the text answering theirs, or the words the call says. */
export const OutboxReplyAnswer = z.object({ Reply: z.string() });
export type OutboxReplyAnswer = z.infer<typeof OutboxReplyAnswer>;
