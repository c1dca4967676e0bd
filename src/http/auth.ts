// Optional API keys. Keys are compared as SHA-256 digests with timingSafeEqual against every
// configured key, so neither the length nor the prefix of a guess leaks through timing.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { clientOf } from './client-address.js';

export interface ApiKeyCheck {
  enabled: boolean;
  /** Index of the matching key, or -1. */
  match(request: FastifyRequest): number;
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

/**
 * Each request's caller, worked out once: the hooks, the rate limiter and the handler all ask, and
 * a presented key costs a digest per configured key, an address through a trusted proxy a parse of
 * X-Forwarded-For (about 4 µs).
 */
const callers = new WeakMap<FastifyRequest, string>();

/**
 * Who a request is from, for the rate limit and for fair shares of the service: its API key
 * (by position, never the key itself) when it presents a valid one, else its client address
 * (an IPv6 address by its /64: client-address.ts; through a trusted proxy, the address its
 * X-Forwarded-For names: trusted-proxies.ts).
 */
export function callerOf(request: FastifyRequest, keys: ApiKeyCheck): string {
  let caller = callers.get(request);
  if (caller === undefined) {
    const key = keys.match(request);
    caller = key >= 0 ? `key:${key}` : `ip:${clientOf(request.ip)}`;
    callers.set(request, caller);
  }
  return caller;
}

export function createApiKeyCheck(keys: readonly string[]): ApiKeyCheck {
  const digests = keys.map(digest);
  return {
    enabled: digests.length > 0,
    match(request) {
      const token = bearerToken(request);
      if (token === null) return -1;
      const d = digest(token);
      let found = -1;
      for (let i = 0; i < digests.length; i++) {
        if (timingSafeEqual(d, digests[i]!) && found === -1) found = i;
      }
      return found;
    },
  };
}
