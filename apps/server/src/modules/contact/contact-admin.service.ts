import type { AppContext } from '../../context';
import {
  findLatestContactMessages,
  findLatestInterestedCustomers,
  type ContactMessageRow,
} from './contact.repository';

/** A message on one line: the operator reads the whole of it in the database or the e-mail. */
const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function formatContactLine(row: ContactMessageRow): string {
  const reach = [row.email_address, row.phone, row.state, row.country].filter(Boolean).join(', ');
  return `#${row.id} ${row.created_at.toISOString()} tenant ${row.tenant_id} ${row.name} (${reach}): ${oneLine(row.message, 200)}`;
}

/** `list-contacts`: the latest contact-page messages, newest first. */
export async function listContactsForAdmin(
  ctx: Pick<AppContext, 'db'>,
  limit: number,
): Promise<string> {
  const rows = await findLatestContactMessages(ctx.db, limit);
  return rows.length === 0 ? 'No contact messages.' : rows.map(formatContactLine).join('\n');
}

/** `list-interested`: the latest news sign-ups, newest first. */
export async function listInterestedForAdmin(
  ctx: Pick<AppContext, 'db'>,
  limit: number,
): Promise<string> {
  const rows = await findLatestInterestedCustomers(ctx.db, limit);
  return rows.length === 0
    ? 'No news sign-ups.'
    : rows
        .map(
          (row) =>
            `#${row.id} ${row.created_at.toISOString()} tenant ${row.tenant_id} ${row.email_address}`,
        )
        .join('\n');
}
