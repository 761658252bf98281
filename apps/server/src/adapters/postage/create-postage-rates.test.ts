import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../platform/config/config';
import { createPostageRates } from './create-postage-rates';

const log = { warn: () => undefined };

describe('choosing the postage rates (decision 043)', () => {
  it('uses EasyPost when EASYPOST_API_KEY is set, else the local rate table', async () => {
    expect((await createPostageRates(loadConfig({ EASYPOST_API_KEY: 'EZTK-key' }), log)).kind).toBe(
      'easypost',
    );
    expect((await createPostageRates(loadConfig({}), log)).kind).toBe('local');
  });

  it('logs an EasyPost outage but not a refused destination', async () => {
    const warn = vi.fn();
    // Nothing listens on port 9: EasyPost unreachable.
    const unreachable = { apiKey: 'EZTK-key', baseUrl: 'http://127.0.0.1:9/v2/' };
    const postage = await createPostageRates({ easypost: unreachable }, { warn });
    await expect(
      postage.quote({ weightOunces: 16, fromZip: '14624', toZip: 'nowhere', service: 2 }),
    ).rejects.toThrow("We don't recognise ZIP code nowhere.");
    expect(warn).not.toHaveBeenCalled();
    await expect(
      postage.quote({ weightOunces: 16, fromZip: '14624', toZip: '10001', service: 2 }),
    ).rejects.toThrow();
    expect(warn).toHaveBeenCalledWith(
      { err: expect.any(Error) },
      'postage: EasyPost did not answer a shipment',
    );
  });
});
