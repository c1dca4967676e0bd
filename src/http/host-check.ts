// A browser tells origins apart by name, not by address: a page on attacker.example can make its
// own name resolve to 127.0.0.1 (DNS rebinding) and then call a service on the user's machine as
// its own origin, reading the answers: the tools, fetching from the user's network position
// (and through whatever URLKIT_ALLOW_CIDRS opens), and /metrics. Such a request still names
// attacker.example in its Host header, and in Origin. So a request whose Host, or Origin, names
// a host the server does not answer to is refused (403 host_not_allowed) before anything reads it
// (the MCP specification asks the same of Streamable HTTP servers). Loopback names are always
// answered: no page from elsewhere has one.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import { isLoopbackBind } from '../config/loopback.js';
import { sendError } from './errors.js';

/** Whether the server answers to a host name (lower-cased, without port or brackets). */
export type HostRule = (hostname: string) => boolean;

/** The server's rule for Host and Origin, or null when it answers to any host. */
export function hostRule(config: Pick<Config, 'host' | 'allowedHosts'>): HostRule | null {
  const listed = config.allowedHosts;
  if (listed === null ? !isLoopbackBind(config.host) : listed.includes('*')) return null;
  const names = new Set(listed);
  return (hostname) => names.has(hostname) || isLoopbackBind(hostname);
}

/** The host name of a Host header's value or an Origin's authority: no port, brackets or final dot. */
export function hostnameOf(authority: string): string {
  const h = authority.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end < 0 ? h : h.slice(1, end);
  }
  const colon = h.indexOf(':');
  const name = colon < 0 ? h : h.slice(0, colon);
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** An Origin header's authority (`https://a.example:8443` -> `a.example:8443`); `null` stays `null`. */
function authorityOf(origin: string): string {
  const start = origin.indexOf('://');
  return start < 0 ? origin : origin.slice(start + 3);
}

/** Host names already judged (a client names the same on every request), at most this many. */
const JUDGED_MAX = 256;

/** Refuses, before any other hook reads it, a request naming a host `rule` does not allow. */
export function checkHosts(app: FastifyInstance, rule: HostRule | null): void {
  if (!rule) return;
  const judged = new Map<string, boolean>();
  const allowed = (authority: string): boolean => {
    const hostname = hostnameOf(authority);
    let ok = judged.get(hostname);
    if (ok === undefined) {
      if (judged.size >= JUDGED_MAX) judged.clear();
      ok = rule(hostname);
      judged.set(hostname, ok);
    }
    return ok;
  };
  app.addHook('onRequest', (request, reply, done) => {
    const { host, origin } = request.headers;
    let refused: string | null = null;
    if (host !== undefined && !allowed(host)) refused = host;
    else if (origin !== undefined && !allowed(authorityOf(origin))) refused = origin;
    if (refused === null) return done();
    sendError(
      reply,
      'host_not_allowed',
      `This server does not answer to ${JSON.stringify(refused.slice(0, 200))}: it answers to loopback names and ` +
        'addresses and to the hosts URLKIT_ALLOWED_HOSTS names (none by default).',
    );
  });
}
