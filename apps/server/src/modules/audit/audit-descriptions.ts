import { formatLongDate } from '@monitor/domain/shared/calendar-date';
import { cents, formatCents } from '@monitor/domain/shared/money';
import type { AuditAction, AuditEventRow } from './audit.repository';

/**
 * The audit log in words for the account's owner (`/account`, GET /api/users/{userId}/auditevents),
 * written here and nowhere else: the web app shows them as they come. They read only what an
 * event's detail may hold (never a card number or token) and say "customer service", never a
 * staff member's name.
 */

type Detail = Record<string, unknown>;

const textOf = (detail: Detail, key: string): string | undefined => {
  const value = detail[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};
const numberOf = (detail: Detail, key: string): number | undefined => {
  const value = detail[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** "your device Kitchen" when the unit is known, "one of your devices" otherwise. */
function unitOf(detail: Detail, unitLabels: ReadonlyMap<number, string>): string {
  const id = numberOf(detail, 'userDeviceId');
  const label = id === undefined ? undefined : unitLabels.get(id);
  return label ? `your device ${label}` : 'one of your devices';
}

/** " (order 1001)" when the change came with a store order. */
function orderOf(detail: Detail): string {
  const number = textOf(detail, 'orderNumber');
  return number ? ` (order ${number})` : '';
}

/** A change undone after it was recorded (its first charge failed): `undone` says why, or is true. */
const isUndone = (detail: Detail) =>
  detail.undone === true || textOf(detail, 'undone') !== undefined;
const undoneWhy = (detail: Detail) => {
  const why = textOf(detail, 'undone');
  return why
    ? `${why.charAt(0).toLowerCase()}${why.slice(1)}`
    : 'the first charge on the new card did not go through.';
};

const IMPERSONATION_END: Record<string, string> = {
  return: 'Customer service left your account.',
  'sign-out': 'Customer service left your account when they signed out.',
  'password-change': 'Customer service was signed out of your account by a password change.',
  'password-reset': 'Customer service was signed out of your account by a password reset.',
};

/** Why a staff command concerned the account, in words; the command's name otherwise. */
const STAFF_COMMANDS: Record<string, string> = {
  'send-replacement-offer': 'Customer service e-mailed you the replacement offer.',
};

/**
 * Who made a change, for the account's owner: null when it was them; `customer service` for a
 * staff member (acting as them, or by an admin command, whose events have no actor); `automatic`
 * for a job, which names itself in the detail (`job`).
 */
export function describeActor(
  row: Pick<AuditEventRow, 'user_id' | 'actor_id' | 'detail'>,
): 'customer service' | 'automatic' | null {
  if (row.actor_id !== null) return row.actor_id === row.user_id ? null : 'customer service';
  return textOf(row.detail, 'job') ? 'automatic' : 'customer service';
}

/** One event as a sentence for the account's owner; `unitLabels` names their units by user device id. */
export function describeAuditEvent(
  row: Pick<AuditEventRow, 'action' | 'detail'>,
  unitLabels: ReadonlyMap<number, string> = new Map(),
): string {
  const detail = row.detail;
  const action = row.action as AuditAction;
  switch (action) {
    case 'impersonation.start':
      return 'Customer service opened your account to help you.';
    case 'impersonation.end':
      return IMPERSONATION_END[textOf(detail, 'reason') ?? ''] ?? IMPERSONATION_END.return!;
    case 'account.password-change':
      return 'Your password was changed.';
    case 'account.password-reset':
      return 'Your password was reset with an e-mailed link.';
    case 'account.email-change': {
      const to = textOf(detail, 'to');
      const from = textOf(detail, 'from');
      return to && from
        ? `Your sign-in e-mail was changed from ${from} to ${to}.`
        : 'Your sign-in e-mail was changed.';
    }
    case 'entitlement.pet-monitor':
      return detail.on === false
        ? `The pet monitor upgrade was switched off on ${unitOf(detail, unitLabels)}.`
        : `The pet monitor upgrade was switched on for ${unitOf(detail, unitLabels)}${orderOf(detail)}.`;
    case 'entitlement.instant-updates': {
      const count = numberOf(detail, 'count');
      const what =
        count === undefined
          ? 'Instant updates were'
          : `${count} instant update${count === 1 ? ' was' : 's were'}`;
      return `${what} added to ${unitOf(detail, unitLabels)}${orderOf(detail)}.`;
    }
    case 'entitlement.pucks': {
      const paid = numberOf(detail, 'pucksPaid');
      const what =
        paid === undefined
          ? 'Sensor pucks were'
          : `${paid} sensor puck${paid === 1 ? ' was' : 's were'}`;
      return `${what} paid for on ${unitOf(detail, unitLabels)}.`;
    }
    case 'billing.plan-change': {
      if (isUndone(detail)) return `A subscription change was undone: ${undoneWhy(detail)}`;
      const to = detail.to;
      const plan =
        typeof to === 'object' && to !== null
          ? textOf(to as Detail, 'planType')
          : textOf(detail, 'to');
      return plan
        ? `A subscription was changed to the ${plan} plan.`
        : 'A subscription plan was changed.';
    }
    case 'billing.card-change': {
      if (isUndone(detail)) return `A card change was undone: ${undoneWhy(detail)}`;
      const type = textOf(detail, 'cardType') ?? 'card';
      const last4 = textOf(detail, 'last4');
      return `Your card on file was changed to ${type}${last4 ? ` ending in ${last4}` : ''}.`;
    }
    case 'billing.suspend': {
      if (isUndone(detail)) return `A subscription suspension was undone: ${undoneWhy(detail)}`;
      const until = textOf(detail, 'expirationDate');
      return until
        ? `A subscription was suspended; it runs until ${formatLongDate(until)}.`
        : 'A subscription was suspended.';
    }
    case 'billing.reactivate':
      return isUndone(detail)
        ? `A subscription reactivation was undone: ${undoneWhy(detail)}`
        : 'A subscription was reactivated.';
    case 'billing.refund': {
      const amount = numberOf(detail, 'amountCents');
      return amount === undefined
        ? 'A payment was refunded.'
        : `${formatCents(cents(amount))} was refunded.`;
    }
    case 'staff.command': {
      const command = textOf(detail, 'command');
      return (
        (command && STAFF_COMMANDS[command]) ??
        `Customer service made a change to your account${command ? ` (${command})` : ''}.`
      );
    }
    default:
      return 'A change was made to your account.';
  }
}
