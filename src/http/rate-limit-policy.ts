// How many tool calls a client may make per window, as ruled (spec/decisions.md, "Load: rate
// limits and overload"): a server bound to a loopback address with no API keys serves the
// machine's own user, often a batch job, so it is not rate limited; anything reachable from
// elsewhere, or keyed, gets 600 calls per client per minute. URLKIT_RATE_LIMIT_MAX overrides both.
import type { Config } from '../config/config.js';
import { isLoopbackBind } from '../config/loopback.js';

export { isLoopbackBind };

/** Calls per client per window when the server is reachable from other machines or keyed. */
export const DEFAULT_RATE_LIMIT_MAX = 600;

/** Calls per client per window; 0 means rate limiting is off. */
export function effectiveRateLimit(config: Pick<Config, 'rateLimitMax' | 'host' | 'apiKeys'>): number {
  if (config.rateLimitMax !== null) return config.rateLimitMax;
  if (isLoopbackBind(config.host) && config.apiKeys.length === 0) return 0;
  return DEFAULT_RATE_LIMIT_MAX;
}
