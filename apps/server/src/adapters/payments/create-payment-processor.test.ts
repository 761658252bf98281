import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config';
import type { DB } from '../../platform/database/schema';
import { createPaymentProcessor } from './create-payment-processor';

const BRAINTREE = {
  BRAINTREE_ENVIRONMENT: 'sandbox',
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private',
};
const deps = {
  db: {} as Kysely<DB>,
  now: () => new Date(),
  cardFieldsOrigin: 'http://localhost:3000',
};

describe('choosing the payment processor (decision 034)', () => {
  it('is Braintree with all four BRAINTREE_* set, the local processor with none', async () => {
    expect(
      (await createPaymentProcessor({ ...deps, braintree: loadConfig(BRAINTREE).braintree })).kind,
    ).toBe('braintree');
    expect(
      (await createPaymentProcessor({ ...deps, braintree: loadConfig({}).braintree })).kind,
    ).toBe('local');
  });

  it('refuses to start with only some of them, naming the missing ones', () => {
    const { BRAINTREE_PRIVATE_KEY: _omitted, ...three } = BRAINTREE;
    expect(() => loadConfig(three)).toThrow(
      /BRAINTREE_\* must be set all together; missing BRAINTREE_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ ...BRAINTREE, BRAINTREE_ENVIRONMENT: 'staging' })).toThrow(
      /BRAINTREE_ENVIRONMENT/,
    );
  });

  it('lets the pages load Braintree’s card fields only when Braintree is configured (decision 038)', () => {
    expect(loadConfig(BRAINTREE).cspExtraOrigins).toEqual(
      expect.arrayContaining([
        'https://assets.braintreegateway.com',
        'https://api.sandbox.braintreegateway.com',
      ]),
    );
    expect(
      loadConfig({ ...BRAINTREE, BRAINTREE_ENVIRONMENT: 'production' }).cspExtraOrigins,
    ).toContain('https://api.braintreegateway.com');
    expect(loadConfig({}).cspExtraOrigins).toEqual([]);
  });

  it('serves the local card fields from another origin than the app’s (decision 038)', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3900' }).cardFieldsOrigin).toBe(
      'http://localhost:3900',
    );
    expect(loadConfig({ PORT: '3000' }).cardFieldsOrigin).toBe('http://127.0.0.1:3000');
    expect(
      loadConfig({
        PUBLIC_URL: 'https://monitor.example.com',
        LOCAL_CARD_FIELDS_ORIGIN: 'https://cards.monitor.example.com',
      }).cardFieldsOrigin,
    ).toBe('https://cards.monitor.example.com');
    expect(() => loadConfig({ LOCAL_CARD_FIELDS_ORIGIN: 'cards' })).toThrow(
      /LOCAL_CARD_FIELDS_ORIGIN/,
    );
  });
});
