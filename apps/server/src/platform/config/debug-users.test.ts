import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('DEBUG_USER_IDS (device-management §6)', () => {
  it('reads up to three user ids separated by commas', () => {
    expect(loadConfig({ DEBUG_USER_IDS: '4, 7,12' }).debugUserIds).toEqual([4, 7, 12]);
  });

  it('leaves the choice to the demo staff user when unset or blank', () => {
    expect(loadConfig({}).debugUserIds).toBeUndefined();
    expect(loadConfig({ DEBUG_USER_IDS: ' ' }).debugUserIds).toBeUndefined();
  });

  it('stops start-up on more than three ids or one that is not a positive whole number', () => {
    expect(() => loadConfig({ DEBUG_USER_IDS: '1,2,3,4' })).toThrow(/DEBUG_USER_IDS/);
    expect(() => loadConfig({ DEBUG_USER_IDS: '1,staff' })).toThrow(/DEBUG_USER_IDS/);
    expect(() => loadConfig({ DEBUG_USER_IDS: '0' })).toThrow(/DEBUG_USER_IDS/);
  });
});
