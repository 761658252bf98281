import { AUDIT_EVENTS_PAGE_SIZE, type AuditEventsPage } from '@monitor/contract/audit-events';
import type { AppContext } from '../../context';
import { findUserByEmail, findUserById } from '../accounts/users.repository';
import { describeActor, describeAuditEvent } from './audit-descriptions';
import {
  findAuditEvents,
  findAuditEventsOfAccount,
  findUnitLabels,
  type AuditEventRow,
} from './audit.repository';

/** One event as a line: when, what, whose account, by whom, and its detail. */
function formatAuditLine(row: AuditEventRow): string {
  const by = row.actor_id === null ? 'by a command or job' : `by user ${row.actor_id}`;
  const detail = Object.keys(row.detail).length === 0 ? '' : ` ${JSON.stringify(row.detail)}`;
  return `#${row.id} ${row.occurred_at.toISOString()} ${row.action} user ${row.user_id ?? '-'} ${by}${detail}`;
}

/**
 * `audit-log [--user EMAIL|ID] [--count N]`: the latest changes to money and access, newest
 * first; with a user, those of their account and those they made. Null when the user is unknown.
 */
export async function listAuditLogForAdmin(
  ctx: Pick<AppContext, 'db'>,
  { user, limit }: { user?: { email: string } | { id: number }; limit: number },
): Promise<string | null> {
  let userId: number | undefined;
  if (user) {
    const row =
      'id' in user
        ? await findUserById(ctx.db, user.id)
        : await findUserByEmail(ctx.db, user.email);
    if (!row) return null;
    userId = row.id;
  }
  const rows = await findAuditEvents(ctx.db, { userId, limit });
  return rows.length === 0 ? 'No audit events.' : rows.map(formatAuditLine).join('\n');
}

/**
 * GET /api/users/{userId}/auditevents: the account's own entries, newest first, a page at a time
 * (`before`: the previous page's last id), each in words and with who made it when it was not
 * the account's user. The caller is checked to be the account by the route.
 */
export async function listAuditEventsOfAccount(
  ctx: Pick<AppContext, 'db'>,
  { userId, before }: { userId: number; before?: number | undefined },
): Promise<AuditEventsPage> {
  const rows = await findAuditEventsOfAccount(ctx.db, {
    userId,
    ...(before !== undefined && { before }),
    limit: AUDIT_EVENTS_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, AUDIT_EVENTS_PAGE_SIZE);
  const unitLabels = await findUnitLabels(ctx.db, {
    userId,
    userDeviceIds: page.flatMap((row) =>
      typeof row.detail.userDeviceId === 'number' ? [row.detail.userDeviceId] : [],
    ),
  });
  return {
    Events: page.map((row) => ({
      Id: row.id,
      OccurredAt: row.occurred_at.toISOString(),
      Action: row.action,
      Description: describeAuditEvent(row, unitLabels),
      Actor: describeActor(row),
    })),
    NextBefore: rows.length > page.length ? (page.at(-1)?.id ?? null) : null,
  };
}
