import { describe, expect, it } from 'vitest';
import { chooseDeviceView, groupInPairs } from './view-choice';

describe('device list view choice', () => {
  it('defaults to the list view at 4 or more devices and to the dashboard below (device-management §2, §9)', () => {
    expect(chooseDeviceView(undefined, 3)).toBe('dashboard');
    expect(chooseDeviceView(undefined, 4)).toBe('list');
    expect(chooseDeviceView(undefined, 12)).toBe('list');
  });

  it('keeps the choice remembered in the cookie over the default (device-management §2)', () => {
    expect(chooseDeviceView('dashboard', 8)).toBe('dashboard');
    expect(chooseDeviceView('list', 1)).toBe('list');
    expect(chooseDeviceView('grid', 1)).toBe('dashboard');
  });

  it('groups the dashboard in pairs, the last alone when the count is odd (device-management §2, §9)', () => {
    expect(groupInPairs([1, 2, 3, 4, 5])).toEqual([[1, 2], [3, 4], [5]]);
    expect(groupInPairs([])).toEqual([]);
  });
});
