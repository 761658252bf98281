import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxResponse } from '@monitor/contract/outbox';
import { notFound } from '../../errors';
import { listOutboxMessages } from '../../services/outbox.service';

/**
 * The local demo mailbox. It needs no sign-in on purpose: it exists only in local mode, where no
 * SMTP server is configured and e-mail (reset links included) would otherwise reach nobody; the
 * person running the demo reads it there. With real SMTP configured it answers 404.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/outbox',
    {
      schema: {
        tags: ['outbox'],
        summary: 'Local mode only: the newest 100 messages kept instead of being sent',
        response: { 200: OutboxResponse },
      },
    },
    async () => {
      if (app.ctx.mailer.kind !== 'outbox') {
        throw notFound('There is no local outbox: e-mail is delivered by SMTP.');
      }
      return { messages: await listOutboxMessages(app.ctx) };
    },
  );
};
