import { describe, expect, it } from 'vitest';
import {
  WIZARD_STEPS,
  buildRegistrationRequest,
  defaultRangeSettings,
  newIdempotencyKey,
  paymentOf,
  stepBack,
  stepNext,
} from './wizard-rules';

describe('wizard rules', () => {
  it('has 4 steps; back only above step 1, next ignored on the last (accounts-devices-billing §4 "Wizard", §9)', () => {
    expect(WIZARD_STEPS).toHaveLength(4);
    expect(stepBack(0)).toBe(0);
    expect(stepBack(2)).toBe(1);
    expect(stepNext(0)).toBe(1);
    expect(stepNext(2)).toBe(3);
    expect(stepNext(3)).toBe(3);
  });

  it.each([2, 3, 5, 10, 12, 14, 18])(
    'takes no payment for test type %i (accounts-devices-billing §4 "Device types and billing")',
    (type) => expect(paymentOf(type)).toBe('test'),
  );

  it.each([6, 7, 8])(
    'bills type %i by invoice, without a card (accounts-devices-billing §4)',
    (type) => expect(paymentOf(type)).toBe('billed'),
  );

  it.each([1, 4, 9, 11])('takes a card for type %i (accounts-devices-billing §4)', (type) =>
    expect(paymentOf(type)).toBe('card'),
  );

  it('sends the four steps with the terms agreed, no humidity for a NIST type (accounts-devices-billing §4, §5)', () => {
    const information = {
      serial: 'ABC123',
      device: {
        Id: null,
        IMEI: null,
        SerialNumber: 'ABC123',
        DeviceType: 8,
        TenantId: 1,
        FirmwareVersion: '10',
        Memo: null,
        DeviceNSP: null,
        ModemActivated: null,
        Registered: false,
      },
      name: 'Lab',
      location: '',
      timeZone: -5,
    };
    const request = buildRegistrationRequest({
      information,
      ranges: defaultRangeSettings('F'),
      rules: [],
      unit: 'F',
      subscription: null,
    });
    expect(request).toEqual({
      SerialNumber: 'ABC123',
      Name: 'Lab',
      Location: null,
      TimeZone: -5,
      TempMin: 40,
      TempMax: 80,
      TempEnabled: true,
      HumidityEnabled: false,
      Notifications: [],
      TermsAccepted: true,
      TempPref: 'F',
      Subscription: null,
    });
  });

  it('makes a new Idempotency-Key each time (decision 037)', () => {
    const first = newIdempotencyKey();
    expect(first.length).toBeGreaterThanOrEqual(8);
    expect(newIdempotencyKey()).not.toBe(first);
  });
});
