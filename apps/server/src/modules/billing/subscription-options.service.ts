import type { z } from 'zod';
import type { BillingPlanOption, ProSubscriptionOptions } from '@monitor/contract/subscriptions';
import { derivePlanTenant } from '@monitor/domain/billing/plan-tenant';
import { orderSubscriptionOptions } from '@monitor/domain/billing/subscriptions';
import { isProDevice } from '@monitor/domain/devices/device-types';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../platform/errors';
import { findDeviceRowBySerial, type DeviceRow } from '../devices/device-lookup.repository';
import { findOwnerUserDeviceRow } from '../devices/user-devices.repository';
import {
  findAllSubscriptionOptionRows,
  findSubscriptionOptionRows,
  updateSubscriptionOption,
  type SubscriptionOptionRow,
} from './subscription-options.repository';

/** Dollars with 2 decimals, as text ("8.25"), the way the plan picker shows amounts (§9). */
export function toAmount(amountCents: number): string {
  return (amountCents / 100).toFixed(2);
}

export function toBillingPlanOption(row: SubscriptionOptionRow): BillingPlanOption {
  return {
    Id: row.id,
    PlanType: row.plan_type,
    BillingAmount: toAmount(row.billing_amount_cents),
    BillingFrequency: row.billing_frequency,
    Selectable: row.is_selectable,
    SubTotal: toAmount(row.billing_amount_cents * row.billing_frequency),
    FreeMonths: row.free_months,
  };
}

/**
 * The tenant whose plans a device is offered (accounts-devices-billing §4 "plan tenant"). No
 * partner code or pro-user flag is kept on accounts, so those facts are the defaults.
 */
export function planTenantOf(device: Pick<DeviceRow, 'device_type' | 'tenant_id'>): number {
  return derivePlanTenant({
    deviceType: device.device_type,
    serverTenantId: device.tenant_id,
    isProUser: false,
    code: null,
  });
}

const SERIAL_NOT_FOUND = 'The serial number was not found.';
const SERIAL_TAKEN = 'This serial number is already registered.';

/**
 * A tenant's plans, Monthly first and Annual last (§9). With a serial, the device's plan tenant
 * replaces the path's (§4); `pro` answers the pro-subscription options instead of the ordinary ones.
 */
export async function listSubscriptionOptions(
  ctx: AppContext,
  { tenantId, serial, isPro }: { tenantId: number; serial?: string; isPro: boolean },
): Promise<BillingPlanOption[]> {
  let planTenant = tenantId;
  if (serial) {
    const device = await findDeviceRowBySerial(ctx.db, serial.toUpperCase());
    if (!device) throw notFound(SERIAL_NOT_FOUND);
    planTenant = planTenantOf(device);
  }
  const rows = await findSubscriptionOptionRows(ctx.db, planTenant, { isPro });
  const ordered = orderSubscriptionOptions(rows.map((row) => ({ planType: row.plan_type, row })));
  return ordered.map(({ row }) => toBillingPlanOption(row));
}

/**
 * The pro-subscription facts of a device (accounts-devices-billing §7: pro flag, device type,
 * tenant, code), with the plan tenant they give. No partner code is kept, so Code is null.
 */
export async function getProSubscriptionOptions(
  ctx: AppContext,
  { callerId, serial }: { callerId: number; serial: string },
): Promise<z.infer<typeof ProSubscriptionOptions>> {
  const device = await findDeviceRowBySerial(ctx.db, serial.toUpperCase());
  if (!device) throw notFound(SERIAL_NOT_FOUND);
  // Another customer's unit is theirs: as the serial check says, it is taken (issue #22).
  const owner = await findOwnerUserDeviceRow(ctx.db, device.id);
  if (owner && owner.user_id !== callerId) throw conflict(SERIAL_TAKEN);
  return [
    {
      IsPro: isProDevice(device.device_type, 'general'),
      DeviceType: device.device_type,
      TenantId: device.tenant_id,
      Code: null,
      PlanTenantId: planTenantOf(device),
    },
  ];
}

/** A plan as the operator's `list-plans` prints it, one line. */
function formatPlanLine(row: SubscriptionOptionRow): string {
  const free =
    row.free_months === 0 ? '' : `, free months ${row.free_months} ${row.free_months_method}`;
  return (
    `#${row.id} tenant ${row.tenant_id} ${row.plan_type}${row.is_pro ? ' (pro)' : ''}: ` +
    `$${toAmount(row.billing_amount_cents)} a month x ${row.billing_frequency} = ` +
    `$${toAmount(row.billing_amount_cents * row.billing_frequency)}` +
    `${row.is_selectable ? '' : ', not selectable'}${free}`
  );
}

/** `npm run admin -- list-plans [--tenant N]`: every plan, or a tenant's. */
export async function listPlansForAdmin(
  db: AppContext['db'],
  tenantId: number | undefined,
): Promise<string> {
  const rows =
    tenantId === undefined
      ? await findAllSubscriptionOptionRows(db)
      : await findSubscriptionOptionRows(db, tenantId);
  return rows.length === 0 ? 'No plans.' : rows.map(formatPlanLine).join('\n');
}

export type PlanEdit = {
  amountCents?: number | undefined;
  billingFrequency?: number | undefined;
  isSelectable?: boolean | undefined;
  freeMonths?: number | undefined;
  freeMonthsMethod?: 'BEFORE' | 'AFTER' | undefined;
};

/**
 * `npm run admin -- edit-plan --id N …`: changes a plan for new subscriptions; running ones keep
 * the terms they copied (decision 033). Answers the plan as it now is, or null when there is none.
 */
export async function editPlanForAdmin(
  db: AppContext['db'],
  id: number,
  edit: PlanEdit,
): Promise<string | null> {
  const row = await updateSubscriptionOption(db, id, {
    ...(edit.amountCents !== undefined && { billing_amount_cents: edit.amountCents }),
    ...(edit.billingFrequency !== undefined && { billing_frequency: edit.billingFrequency }),
    ...(edit.isSelectable !== undefined && { is_selectable: edit.isSelectable }),
    ...(edit.freeMonths !== undefined && { free_months: edit.freeMonths }),
    ...(edit.freeMonthsMethod !== undefined && { free_months_method: edit.freeMonthsMethod }),
  });
  return row ? formatPlanLine(row) : null;
}
