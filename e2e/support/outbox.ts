import type { APIRequestContext } from '@playwright/test';

type OutboxMessage = { Recipient: string; Subject: string | null; TextBody: string };

/** Waits for an e-mail to `recipient` in the local outbox (the product's demo mailbox) and returns it. */
export async function waitForMail(
  request: APIRequestContext,
  recipient: string,
  timeoutMs = 15_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await request.get('/api/outbox');
    if (response.ok()) {
      const { messages } = (await response.json()) as { messages: OutboxMessage[] };
      const found = messages.find((message) => message.Recipient === recipient);
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no e-mail to ${recipient} within ${timeoutMs} ms`);
}
