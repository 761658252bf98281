import { describe, expect, it } from 'vitest';
import { DEVICE_RULE_MESSAGES } from './device-rule-messages';
import {
  assessInstantUpdate,
  assessInstantUpdateCheck,
  hasInstantUpdateLeft,
  INSTANT_UPDATE_ANSWER_WINDOW_MS,
  INSTANT_UPDATE_FIRST_WAIT_MS,
  hasInstantUpdateToSend,
  INSTANT_UPDATE_POLL_MS,
  instantUpdateCartItem,
  instantUpdateCommand,
} from './instant-update';

const now = new Date('2026-03-01T12:00:00Z');
const nowSeconds = Math.floor(now.getTime() / 1000);
const ready = {
  deviceType: 1,
  power: 1,
  isMuted: false,
  isActive: true,
  isPetMonitor: false,
  lastRequestedTime: null,
};

describe('assessInstantUpdate (device-management §4, §5, §8)', () => {
  it('allows a device that is on, not muted and active, sending RPT', () => {
    expect(assessInstantUpdate(ready, now)).toEqual({ isAllowed: true, command: 'RPT' });
  });

  it('sends DOG for a pet monitor outside its window', () => {
    const petMonitor = { ...ready, isPetMonitor: true, lastRequestedTime: nowSeconds - 361 * 60 };
    expect(assessInstantUpdate(petMonitor, now)).toEqual({ isAllowed: true, command: 'DOG' });
  });

  it.each([1, 2, 6])('refuses basic type %i with Power 0 as OFF', (deviceType) => {
    expect(assessInstantUpdate({ ...ready, deviceType, power: 0 }, now)).toEqual({
      isAllowed: false,
      refusal: 'deviceOff',
      message: DEVICE_RULE_MESSAGES.instantUpdateDeviceOff,
    });
  });

  it('does not refuse a PRO or NIST model for Power 0 (the rule names basic models)', () => {
    expect(assessInstantUpdate({ ...ready, deviceType: 4, power: 0 }, now).isAllowed).toBe(true);
    expect(assessInstantUpdate({ ...ready, deviceType: 8, power: 0 }, now).isAllowed).toBe(true);
  });

  it('refuses a muted device as Device OFF', () => {
    const verdict = assessInstantUpdate({ ...ready, isMuted: true }, now);
    expect(verdict).toMatchObject({ isAllowed: false, refusal: 'deviceMuted' });
  });

  it('refuses an inactive device', () => {
    const verdict = assessInstantUpdate({ ...ready, isActive: false }, now);
    expect(verdict).toMatchObject({ isAllowed: false, refusal: 'deviceInactive' });
  });

  it('refuses a pet monitor still in its window, telling the hours remaining and the 20-minute reporting', () => {
    const petMonitor = { ...ready, isPetMonitor: true, lastRequestedTime: nowSeconds - 90 * 60 };
    expect(assessInstantUpdate(petMonitor, now)).toEqual({
      isAllowed: false,
      refusal: 'petMonitorActive',
      message:
        'Pet Monitor is still active on this device. It reports every 20 minutes for 5 more hours.',
    });
  });

  it('says "hour" for the last hour of the window', () => {
    expect(DEVICE_RULE_MESSAGES.petMonitorStillActive(1)).toContain('for 1 more hour.');
  });

  it('checks OFF before Device OFF before inactive, as the catalogue lists them', () => {
    const everything = { ...ready, power: 0, isMuted: true, isActive: false };
    expect(assessInstantUpdate(everything, now)).toMatchObject({ refusal: 'deviceOff' });
    expect(assessInstantUpdate({ ...everything, power: 1 }, now)).toMatchObject({
      refusal: 'deviceMuted',
    });
  });
});

describe('instant update commands and cart items (device-management §4, §9)', () => {
  it('uses RPT for a report and DOG for pet monitor', () => {
    expect(instantUpdateCommand(false)).toBe('RPT');
    expect(instantUpdateCommand(true)).toBe('DOG');
  });

  it('buys item 13 for a standard update and 27 for pet monitor', () => {
    expect(instantUpdateCartItem(false)).toBe(13);
    expect(instantUpdateCartItem(true)).toBe(27);
  });

  it('offers the purchase only when none are left', () => {
    expect(hasInstantUpdateLeft(1)).toBe(true);
    expect(hasInstantUpdateLeft(0)).toBe(false);
  });

  it('waits 10 seconds, then polls every 10 seconds', () => {
    expect(INSTANT_UPDATE_FIRST_WAIT_MS).toBe(10_000);
    expect(INSTANT_UPDATE_POLL_MS).toBe(10_000);
  });
});

describe('assessInstantUpdateCheck (device-management §4)', () => {
  it('succeeds as soon as the last report time changes', () => {
    expect(
      assessInstantUpdateCheck({ reportTimeBefore: 1000, reportTimeNow: 2000, checksDone: 1 }),
    ).toBe('succeeded');
    expect(
      assessInstantUpdateCheck({ reportTimeBefore: null, reportTimeNow: 2000, checksDone: 9 }),
    ).toBe('succeeded');
  });

  it('polls again while unchanged, up to 9 checks, then fails', () => {
    const unchanged = { reportTimeBefore: 1000, reportTimeNow: 1000 };
    expect(assessInstantUpdateCheck({ ...unchanged, checksDone: 1 })).toBe('pollAgain');
    expect(assessInstantUpdateCheck({ ...unchanged, checksDone: 8 })).toBe('pollAgain');
    expect(assessInstantUpdateCheck({ ...unchanged, checksDone: 9 })).toBe('failed');
  });
});

describe('what the server lets a unit spend (issue #22, device-management §4 "Instant update")', () => {
  it('holds an instant update back for every command still waiting for its answer', () => {
    expect(hasInstantUpdateToSend(1, 0)).toBe(true);
    expect(hasInstantUpdateToSend(1, 1)).toBe(false);
    expect(hasInstantUpdateToSend(3, 2)).toBe(true);
    expect(hasInstantUpdateToSend(0, 0)).toBe(false);
  });

  it('waits for an answer until the web app’s last check: 10 s, then 8 more checks 10 s apart', () => {
    expect(INSTANT_UPDATE_ANSWER_WINDOW_MS).toBe(90_000);
  });
});
