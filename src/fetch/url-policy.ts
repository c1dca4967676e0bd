// What URLs the fetcher will even try: WHATWG-parsed, http/https only, no "bad ports".
import { ItemFailure } from '../errors/codes.js';

/**
 * The WHATWG Fetch "bad port" list: ports of protocols (SMTP, IRC, printers, X11, ...) that
 * browsers refuse, because a crafted HTTP request to them can smuggle commands. Every other
 * port is allowed; the address policy decides which hosts are reachable at all.
 */
export const BAD_PORTS: ReadonlySet<number> = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

export function effectivePort(u: URL): number {
  if (u.port) return Number(u.port);
  return u.protocol === 'https:' ? 443 : 80;
}

/** The URL a caller asked for: anything unparseable or not http(s) is invalid_url. */
export function parseRequestedUrl(raw: string): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ItemFailure('invalid_url', 'Not an absolute URL.');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new ItemFailure('invalid_url', `Only http and https URLs are fetched, not ${u.protocol}`);
  }
  checkPort(u);
  return u;
}

/** A redirect target: a forbidden scheme there is the server's doing, so it is blocked_url. */
export function resolveRedirect(location: string, base: URL): URL {
  let u: URL;
  try {
    u = new URL(location, base);
  } catch {
    throw new ItemFailure('upstream_error', `The redirect Location is not a valid URL: ${location.slice(0, 200)}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new ItemFailure('blocked_url', `Redirect to a ${u.protocol} URL refused.`);
  }
  checkPort(u);
  return u;
}

function checkPort(u: URL): void {
  const port = effectivePort(u);
  if (BAD_PORTS.has(port)) throw new ItemFailure('blocked_url', `Port ${port} is blocked by the egress policy.`);
}
