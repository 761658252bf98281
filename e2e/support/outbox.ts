import type { APIRequestContext } from '@playwright/test';

type OutboxMessage = {
  Channel: 'email' | 'sms' | 'voice';
  Recipient: string;
  Subject: string | null;
  TextBody: string;
};

/** Waits for a message in the local outbox (the product's demo mailbox) that `isWanted` picks. */
export async function waitForOutboxMessage(
  request: APIRequestContext,
  isWanted: (message: OutboxMessage) => boolean,
  timeoutMs = 15_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await request.get('/api/outbox');
    if (response.ok()) {
      const { messages } = (await response.json()) as { messages: OutboxMessage[] };
      const found = messages.find(isWanted);
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no such message in the outbox within ${timeoutMs} ms`);
}

/**
 * Waits for an e-mail to `recipient` in the local outbox, whose subject matches `subject` when
 * given (a new account also has its welcome e-mail there), and returns it.
 */
export function waitForMail(
  request: APIRequestContext,
  recipient: string,
  timeoutMs = 15_000,
  subject?: RegExp,
): Promise<OutboxMessage> {
  return waitForOutboxMessage(
    request,
    (message) =>
      message.Channel === 'email' &&
      message.Recipient === recipient &&
      (!subject || subject.test(message.Subject ?? '')),
    timeoutMs,
  );
}
