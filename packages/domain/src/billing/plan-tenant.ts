import type { DeviceType } from '../devices/device-types';

/** Device types whose plans come from the professional tenant (accounts-devices-billing §4 "Alternative reading for plan tenant"). */
export const PROFESSIONAL_PLAN_DEVICE_TYPES: readonly DeviceType[] = [4, 9, 11, 13, 17, 7, 8];

/** The professional line's tenant, whose plan options pro devices use (accounts-devices-billing §1, §4). */
export const PROFESSIONAL_PLAN_TENANT = 6;

/** Tenants that, with partner code WGI, take tenant 4's plans (accounts-devices-billing §4). */
export const WGI_SOURCE_TENANTS: readonly number[] = [7, 8];
export const WGI_CODE = 'WGI';
export const WGI_PLAN_TENANT = 4;

/** What the pro-subscription options call answers: pro flag, device type, tenant and code (accounts-devices-billing §7). */
export type PlanTenantFacts = {
  deviceType: DeviceType;
  /** The tenant the server gives for the device. */
  serverTenantId: number;
  isProUser: boolean;
  code: string | null;
};

/**
 * The tenant whose subscription plans a device is offered: 6 for types 4, 9, 11, 13, 17, 7, 8 or a
 * pro user; otherwise the server's tenant, where tenant 7 or 8 with code WGI becomes 4
 * (accounts-devices-billing §4 "Alternative reading for plan tenant").
 */
export function derivePlanTenant(facts: PlanTenantFacts): number {
  if (facts.isProUser || PROFESSIONAL_PLAN_DEVICE_TYPES.includes(facts.deviceType)) {
    return PROFESSIONAL_PLAN_TENANT;
  }
  if (WGI_SOURCE_TENANTS.includes(facts.serverTenantId) && facts.code === WGI_CODE) {
    return WGI_PLAN_TENANT;
  }
  return facts.serverTenantId;
}
