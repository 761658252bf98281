import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditEventsPage,
  AuditEventsParams,
  AuditEventsQuery,
} from '@monitor/contract/audit-events';
import { requireSelf } from '../../platform/http/auth';
import { listAuditEventsOfAccount } from './audit.service';

/**
 * The account's own audit entries (issue #22, decision 050): its user only, or staff acting as
 * them (an impersonation is the customer's session); a sub-account reads its own, never its
 * parent's. 403 for anyone else's, 401 signed out.
 */
export const auditEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:userId/auditevents',
    {
      schema: {
        tags: ['users'],
        summary:
          "The caller's account activity: changes to its money and access, newest first, 50 a page",
        params: AuditEventsParams,
        querystring: AuditEventsQuery,
        response: { 200: AuditEventsPage },
      },
    },
    async (request) => {
      requireSelf(request, request.params.userId);
      return listAuditEventsOfAccount(app.ctx, {
        userId: request.params.userId,
        before: request.query.before,
      });
    },
  );
};
