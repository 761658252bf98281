import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config';
import { createSalesTax } from './create-sales-tax';

const log = { warn: () => undefined };

describe('choosing the sales tax calculator (decision 035)', () => {
  it('uses TaxJar when TAXJAR_API_KEY is set, else the rate table in TAX_NEXUS_STATES (default NY)', async () => {
    expect((await createSalesTax(loadConfig({ TAXJAR_API_KEY: 'key' }), log)).kind).toBe('taxjar');
    const local = await createSalesTax(loadConfig({}), log);
    expect(local.kind).toBe('local');
    expect(await local.nexusStates()).toEqual(['NY']);
    const several = await createSalesTax(loadConfig({ TAX_NEXUS_STATES: 'ny, pa' }), log);
    expect(await several.nexusStates()).toEqual(['NY', 'PA']);
  });

  it('refuses a nexus state that is not a US state code at start-up', () => {
    expect(() => loadConfig({ TAX_NEXUS_STATES: 'NY,Ontario' })).toThrow(
      'TAX_NEXUS_STATES: not US state codes: ONTARIO',
    );
  });
});
