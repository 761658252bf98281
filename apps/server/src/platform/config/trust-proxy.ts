import { isIP } from 'node:net';

/**
 * Which proxies in front of the server may say who the client is (X-Forwarded-For, -Proto,
 * -Host). The client address decides the per-address login throttle and password-reset limit,
 * so trusting a header any client can write would let one client pose as many (decision 008).
 *
 * - `false`: trust none; the client is the peer of the connection (the default).
 * - `true`: trust every hop; only when nothing can reach the server except through the proxy.
 * - a number n: trust the n hops nearest the server (the peer and n−1 forwarded addresses behind
 *   it); likewise only when the server is reachable through those proxies alone.
 * - a list of addresses, CIDR ranges or the names `loopback`, `linklocal`, `uniquelocal`: trust
 *   the hops whose address matches; the safe choice whenever the proxies' addresses are known.
 */
export type TrustProxy = boolean | number | readonly string[];

const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(value: string): boolean {
  if (RANGE_NAMES.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  // A mask written as an address (10.0.0.0/255.0.0.0) is also accepted by proxy-addr.
  if (!/^\d+$/.test(prefix)) return version === 4 && isIP(prefix) === 4;
  return bits <= (version === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: unset, empty or `false` trusts none; `true` trusts all; a whole number is a
 * hop count; anything else is a comma-separated list of addresses and CIDR ranges. Throws on an
 * entry that is neither, so a typo stops start-up instead of silently trusting nobody.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0) {
    throw new Error(
      `TRUST_PROXY: not an address or CIDR range: ${invalid.join(', ')} (use false, true, a hop count, or addresses and ranges separated by commas)`,
    );
  }
  return entries;
}

/**
 * Fastify's `trustProxy` option for a setting. Fastify 5.12 ignores a plain number (it trusts no
 * hop at all), so a hop count becomes the equivalent trust function.
 */
export function toFastifyTrustProxy(
  trustProxy: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  if (typeof trustProxy === 'boolean') return trustProxy;
  return [...trustProxy];
}
