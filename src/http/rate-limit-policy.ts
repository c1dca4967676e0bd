// How many tool calls a client may make per window, as ruled (spec/decisions.md, "Load: rate
// limits and overload"): a server bound to a loopback address with no API keys serves the
// machine's own user, often a batch job, so it is not rate limited; anything reachable from
// elsewhere, or keyed, gets 600 calls per client per minute. URLKIT_RATE_LIMIT_MAX overrides both.
import ipaddr from 'ipaddr.js';
import type { Config } from '../config/config.js';

/** Calls per client per window when the server is reachable from other machines or keyed. */
export const DEFAULT_RATE_LIMIT_MAX = 600;

/** True for a bind address that only this machine can reach (127.0.0.0/8, ::1, localhost). */
export function isLoopbackBind(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (!ipaddr.isValid(h)) return false;
  const addr = ipaddr.process(h); // IPv4-mapped IPv6 becomes IPv4
  return addr.range() === 'loopback';
}

/** Calls per client per window; 0 means rate limiting is off. */
export function effectiveRateLimit(config: Pick<Config, 'rateLimitMax' | 'host' | 'apiKeys'>): number {
  if (config.rateLimitMax !== null) return config.rateLimitMax;
  if (isLoopbackBind(config.host) && config.apiKeys.length === 0) return 0;
  return DEFAULT_RATE_LIMIT_MAX;
}
