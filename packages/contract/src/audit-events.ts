import { z } from 'zod';
import { IdParam } from './common';

/** How many entries one page of GET /api/users/{userId}/auditevents holds. */
export const AUDIT_EVENTS_PAGE_SIZE = 50;

/** Path of GET /api/users/{userId}/auditevents: the caller's own account. */
export const AuditEventsParams = z.object({ userId: IdParam });

/** Query of GET /api/users/{userId}/auditevents: `before` is the previous page's `NextBefore`. */
export const AuditEventsQuery = z.object({ before: IdParam.optional() });

/** One change to the account's money or access, as its owner reads it (issue #22, decision 050). */
export const AuditEventEntry = z.object({
  Id: z.number().int(),
  /** When it happened: ISO 8601 with its zone (UTC, `Z`). */
  OccurredAt: z.iso.datetime(),
  /** What happened, `capability.what` (`billing.card-change`). */
  Action: z.string(),
  /** The change in words, for the account's owner. */
  Description: z.string(),
  /**
   * Who made it when it was not the account's own user: `customer service` (a staff member
   * acting as the customer, or a staff command) or `automatic` (a job); null when they did.
   */
  Actor: z.enum(['customer service', 'automatic']).nullable(),
});
export type AuditEventEntry = z.infer<typeof AuditEventEntry>;

/** Answer of GET /api/users/{userId}/auditevents: newest first; `NextBefore` asks for older ones. */
export const AuditEventsPage = z.object({
  Events: z.array(AuditEventEntry),
  /** Send as `before` for the next (older) page; null when there is none. */
  NextBefore: z.number().int().nullable(),
});
export type AuditEventsPage = z.infer<typeof AuditEventsPage>;
