import { isIP } from 'node:net';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxResponse } from '@monitor/contract/outbox';
import { notFound } from '../../platform/errors';
import { requireStaff } from '../../platform/http/auth';
import { listOutboxMessages } from './outbox.service';

/**
 * Whether the caller is this machine: the client address (the socket's peer, or the address a
 * proxy named in TRUST_PROXY forwarded) is a loopback address.
 */
export function isLoopbackAddress(address: string): boolean {
  const ipv4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(ipv4) === 4) return ipv4.startsWith('127.');
  return address === '::1';
}

/**
 * The local demo mailbox: it exists only in local mode, where no SMTP server is configured and
 * e-mail (reset links included) would otherwise reach nobody. It shows every message, so it
 * answers only to the person running the server on this machine (a loopback address) or to
 * staff (decision 019); anyone else reading it could take over an account with a reset link.
 * With real SMTP configured it answers 404.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/outbox',
    {
      // It answers nobody without a session but this machine, whose demo pages and tests poll it;
      // from the network, staff only (the document says so).
      config: { rateLimit: false, access: 'staff' },
      schema: {
        tags: ['outbox'],
        summary:
          'Local mode only: the newest 100 messages kept instead of being sent; staff or this machine only',
        response: { 200: OutboxResponse },
      },
    },
    async (request) => {
      if (!isLoopbackAddress(request.ip)) await requireStaff(app, request);
      if (app.ctx.mailer.kind !== 'outbox') {
        throw notFound('There is no local outbox: e-mail is delivered by SMTP.');
      }
      return { messages: await listOutboxMessages(app.ctx) };
    },
  );
};
