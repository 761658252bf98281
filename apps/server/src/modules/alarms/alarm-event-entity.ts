import type { AlarmState } from '@monitor/contract/alarms';
import type { AlarmEventType } from '../../platform/database/schema';

/** The words shared by the alarm log, the link view and the acknowledgement (issue #23). */

/** ISA-18.2: active while open, acknowledged once someone answered. */
export function alarmStateOf({
  closedAt,
  acknowledgedAt,
}: {
  closedAt: Date | string | null;
  acknowledgedAt: Date | string | null;
}): AlarmState {
  const active = closedAt === null ? 'active' : 'cleared';
  return `${active}-${acknowledgedAt === null ? 'unacknowledged' : 'acknowledged'}`;
}

/** JSON aggregation hands timestamps back as text; the contract wants ISO 8601 in UTC. */
export function toIso(value: Date | string): string;
export function toIso(value: Date | string | null): string | null;
export function toIso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** Where a spell began: the first reading out of range, or when it was opened on older rows. */
export const startOf = (event: {
  opening_report_at: Date | string | null;
  opened_at: Date | string;
}) => event.opening_report_at ?? event.opened_at;

/** The worst reading means something for ranges only: power, NOCALL (and switches) have none. */
export function peakOf(alarmType: AlarmEventType, peak: number | null): number | null {
  return alarmType === 'POWER' || alarmType === 'NOCALL' ? null : peak;
}

/**
 * An address as a sub-account sees it: its own plainly, anyone else's (the owner's e-mail and
 * phone, a colleague's) masked — `o***@example.com`, `***-***-0101` — so it can tell who was told
 * without learning their address.
 */
export function addressFor(
  address: string,
  viewer: { isOwner: boolean; email: string | null },
): string {
  if (viewer.isOwner) return address;
  if (viewer.email !== null && address.toLowerCase() === viewer.email.toLowerCase()) return address;
  const at = address.lastIndexOf('@');
  if (at > 0) return `${address.charAt(0)}***${address.slice(at)}`;
  const digits = address.replace(/\D/g, '');
  return digits.length >= 4 ? `***-***-${digits.slice(-4)}` : '***';
}
