import type { AppContext } from '../../context';
import { findUserByEmail, findUserById } from '../accounts/users.repository';
import { findAuditEvents, type AuditEventRow } from './audit.repository';

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
