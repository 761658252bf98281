import { describe, expect, it } from 'vitest';
import { derivePlanTenant } from './plan-tenant';

const facts = { deviceType: 1, serverTenantId: 2, isProUser: false, code: null };

describe('derivePlanTenant (accounts-devices-billing §4 "Alternative reading for plan tenant")', () => {
  it.each([4, 9, 11, 13, 17, 7, 8])('switches device type %i to tenant 6', (deviceType) => {
    expect(derivePlanTenant({ ...facts, deviceType, serverTenantId: 3 })).toBe(6);
  });

  it('switches a pro user to tenant 6 whatever the device type', () => {
    expect(derivePlanTenant({ ...facts, isProUser: true })).toBe(6);
  });

  it.each([1, 2, 6])('keeps the server tenant for device type %i', (deviceType) => {
    expect(derivePlanTenant({ ...facts, deviceType, serverTenantId: 3 })).toBe(3);
  });

  it.each([7, 8])('turns tenant %i with code WGI into tenant 4', (serverTenantId) => {
    expect(derivePlanTenant({ ...facts, serverTenantId, code: 'WGI' })).toBe(4);
  });

  it('keeps tenant 7 without the WGI code, and another tenant with it', () => {
    expect(derivePlanTenant({ ...facts, serverTenantId: 7, code: 'ABC' })).toBe(7);
    expect(derivePlanTenant({ ...facts, serverTenantId: 7, code: null })).toBe(7);
    expect(derivePlanTenant({ ...facts, serverTenantId: 6, code: 'WGI' })).toBe(6);
    expect(derivePlanTenant({ ...facts, serverTenantId: 5, code: 'WGI' })).toBe(5);
  });

  it('lets a pro device type win over the WGI code', () => {
    expect(derivePlanTenant({ ...facts, deviceType: 4, serverTenantId: 7, code: 'WGI' })).toBe(6);
  });

  it('keeps the server tenant for a type in neither list, such as 5 or 19', () => {
    expect(derivePlanTenant({ ...facts, deviceType: 5, serverTenantId: 2 })).toBe(2);
    expect(derivePlanTenant({ ...facts, deviceType: 19, serverTenantId: 2 })).toBe(2);
  });
});
