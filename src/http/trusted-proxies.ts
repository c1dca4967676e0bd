// Behind a reverse proxy every connection is the proxy's, so every caller without an API key
// would be one caller: one share of the service, one rate limit, one connection cap for all of
// them. The operator names its proxies (URLKIT_TRUSTED_PROXIES); a request from one is the
// client's that X-Forwarded-For names, read from the right and stopping at the first address
// that is not a listed proxy (proxy-addr, as fastify reads it), so what a client writes in its own
// X-Forwarded-For is never believed: its proxy appends the address it saw.
import proxyAddr from '@fastify/proxy-addr';

export interface TrustedProxies {
  /** fastify's `trustProxy`: whether the address `hop` hops away is a listed proxy. */
  trust: (address: string, hop: number) => boolean;
  /** Whether a connection's peer is a listed proxy. */
  isProxy(address: string | undefined): boolean;
}

/** The proxies `list` names (config.ts checked every entry), or null if it names none. */
export function trustedProxies(list: readonly string[]): TrustedProxies | null {
  if (list.length === 0) return null;
  const trust = proxyAddr.compile([...list]);
  return { trust, isProxy: (address) => address !== undefined && trust(address, 0) };
}
