import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { parseTrustProxy, toFastifyTrustProxy } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, empty or false, so the client is the connection peer (issue #2)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy(' FALSE ')).toBe(false);
  });

  it('reads true, a hop count, and a list of addresses and ranges', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('stops start-up on an entry that is not an address or range', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.internal' })).toThrow(
      'Invalid configuration: TRUST_PROXY: not an address or CIDR range: proxy.internal',
    );
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow('10.0.0.0/33');
    expect(() => parseTrustProxy('-1')).toThrow('-1');
  });

  it('turns a hop count into a trust function, since Fastify ignores a plain number', () => {
    const trust = toFastifyTrustProxy(2);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect([0, 1, 2].map((hop) => trust('203.0.113.9', hop))).toEqual([true, true, false]);
    expect(toFastifyTrustProxy(false)).toBe(false);
    expect(toFastifyTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });
});
