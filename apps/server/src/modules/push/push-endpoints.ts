import type { PushConfig } from '../../platform/config/config';

/**
 * Whether the server may post to `endpoint` (decision 082): over https to one of the push
 * services browsers subscribe with, or to a host PUSH_SERVICE_HOSTS adds. A subscription's
 * endpoint is a URL a user hands the server, so anything else (this machine, the private network,
 * a cloud's metadata address) is refused before it is stored.
 */
export function isPushServiceEndpoint(endpoint: string, config: PushConfig): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (config.extraServiceHosts.includes(url.host))
    return ['https:', 'http:'].includes(url.protocol);
  if (url.protocol !== 'https:' || url.port !== '') return false;
  return config.serviceHosts.some((host) =>
    host.startsWith('*.') ? url.hostname.endsWith(host.slice(1)) : url.hostname === host,
  );
}
