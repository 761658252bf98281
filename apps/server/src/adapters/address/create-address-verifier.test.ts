import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config';
import { createAddressVerifier } from './create-address-verifier';

const log = { warn: () => undefined };

describe('choosing the address verifier (decision 035)', () => {
  it('uses Smarty when both SMARTY_AUTH_ID and SMARTY_AUTH_TOKEN are set, else the packaged ZIP data', async () => {
    const smarty = loadConfig({ SMARTY_AUTH_ID: 'id', SMARTY_AUTH_TOKEN: 'token' }).smarty;
    expect(smarty).toEqual({ authId: 'id', authToken: 'token' });
    expect((await createAddressVerifier(smarty, log)).kind).toBe('smarty');
    const half = loadConfig({ SMARTY_AUTH_ID: 'id' }).smarty;
    expect((await createAddressVerifier(half, log)).kind).toBe('local');
  });
});
