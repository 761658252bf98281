import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxReplyAnswer, OutboxReplyInput } from '@monitor/contract/outbox';
import { notFound } from '../../platform/errors';
import { requireStaff } from '../../platform/http/auth';
import { isLoopbackAddress } from './outbox.routes';
import { answerOutboxReply } from './outbox-replies.service';

/**
 * The local stand-in for Twilio's webhooks (issue #23): the mailbox's "Reply" box and "Press 1"
 * button, and `npm run admin -- sms-reply`. It answers whom the mailbox answers (this machine, or
 * staff: decision 019) and only while texts and calls are kept in the local outbox; with Twilio
 * configured it answers 404 and the real phone answers.
 */
export const outboxRepliesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/outbox/replies',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['outbox'],
        summary:
          'Local mode only: answer a text or a call of the local outbox as its recipient would (ACK, or press 1); staff or this machine only',
        body: OutboxReplyInput,
        response: { 200: OutboxReplyAnswer },
      },
    },
    async (request) => {
      if (!isLoopbackAddress(request.ip)) await requireStaff(app, request);
      if (app.ctx.sms.kind !== 'outbox')
        throw notFound('There is no local outbox: texts and calls go through Twilio.');
      return { Reply: await answerOutboxReply(app.ctx, request.body) };
    },
  );
};
