import { describe, expect, it } from 'vitest';
import { resolveDetailView } from './detail-tabs';

describe('device detail tab from the view query', () => {
  it.each([
    [null, null, 'status'],
    ['settings', null, 'settings'],
    ['settings', '0A1B2C3D', 'settings'],
    ['subscription', null, 'subscription'],
    ['devicesubscription', null, 'subscription'],
    ['spuckstatus', null, 'spucks'],
    [null, '0A1B2C3D', 'spucks'],
    ['alarms', null, 'alarms'],
    ['nonsense', null, 'status'],
  ])('view=%s spuckid=%s opens the %s tab (device-management §2)', (view, spuckId, tab) => {
    expect(resolveDetailView(5, view, spuckId)).toEqual({ tab });
  });

  it('sends view=history and view=spuckhistory to the history pages (device-management §2)', () => {
    expect(resolveDetailView(5, 'history', null)).toEqual({ redirect: '/devices/5/history' });
    expect(resolveDetailView(5, 'spuckhistory', '0A1B2C3D')).toEqual({
      redirect: '/devices/5/spuckhistory?spuckid=0A1B2C3D',
    });
  });
});
