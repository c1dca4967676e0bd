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

/**
 * The longest URL fetched, as a caller writes it and as it is sent (percent-encoded): the
 * request schema's bound, and a redirect's too. Common servers refuse longer request lines
 * (Apache's LimitRequestLine is 8,190 bytes, nginx's buffers 8 KiB), and each hop's URL is
 * parsed, checked, sent and kept (hops, cache entries) on the main thread: Locations of 15 KB
 * made a ten-hop chain cost 0.2 ms of its CPU a hop (issue 31 row 4).
 */
export const MAX_URL_CHARS = 8192;

const tooLong = (chars: number) =>
  `longer than ${MAX_URL_CHARS.toLocaleString('en-US')} characters (${chars.toLocaleString('en-US')})`;

export function effectivePort(u: URL): number {
  if (u.port) return Number(u.port);
  return u.protocol === 'https:' ? 443 : 80;
}

/** The URL a caller asked for: anything unparseable or not http(s) is invalid_url. */
export function parseRequestedUrl(raw: string): URL {
  // Checked here, before anything is fetched: credentials that cannot be sent are a bad URL.
  if (raw.length > MAX_URL_CHARS) throw new ItemFailure('invalid_url', `The URL is ${tooLong(raw.length)}.`);
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ItemFailure('invalid_url', 'Not an absolute URL.');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new ItemFailure('invalid_url', `Only http and https URLs are fetched, not ${u.protocol}`);
  }
  // Percent-encoding can make a URL up to nine times as long as it was written.
  if (u.href.length > MAX_URL_CHARS)
    throw new ItemFailure('invalid_url', `The URL is ${tooLong(u.href.length)} once percent-encoded.`);
  basicAuthOf(u);
  checkPort(u);
  return u;
}

/** A redirect target: a forbidden scheme there is the server's doing, so it is blocked_url. */
export function resolveRedirect(location: string, base: URL): URL {
  // Measured before it is parsed: parsing is most of what a long one costs.
  if (location.length > MAX_URL_CHARS)
    throw new ItemFailure('upstream_error', `The redirect Location is ${tooLong(location.length)}.`);
  let u: URL;
  try {
    u = new URL(location, base);
  } catch {
    throw new ItemFailure(
      'upstream_error',
      `The redirect Location is not a valid URL: ${withoutUserinfo(location).slice(0, 200)}`,
    );
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new ItemFailure('blocked_url', `Redirect to a ${u.protocol} URL refused.`);
  }
  if (u.href.length > MAX_URL_CHARS)
    throw new ItemFailure('upstream_error', `The redirect leads to a URL ${tooLong(u.href.length)}.`);
  checkPort(u);
  return u;
}

function checkPort(u: URL): void {
  const port = effectivePort(u);
  if (BAD_PORTS.has(port)) throw new ItemFailure('blocked_url', `Port ${port} is blocked by the egress policy.`);
}

/**
 * The `Authorization` header for credentials written in the URL (`http://user:pw@host/`), or
 * null. A user name or password that is not valid percent-encoding is the caller's bad URL.
 */
export function basicAuthOf(u: URL): string | null {
  if (!u.username && !u.password) return null;
  let creds: string;
  try {
    creds = `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`;
  } catch {
    throw new ItemFailure('invalid_url', 'The user name or password in the URL is not valid percent-encoding.');
  }
  return `Basic ${Buffer.from(creds).toString('base64')}`;
}

/**
 * A URL as it may be shown (echoed, reported, put in a message or a log): without the user name
 * and password it may carry. A parseable URL with credentials comes back serialised without
 * them; anything else with an `@` in what would be its authority loses everything up to that
 * `@`; the rest is returned as it is.
 */
export function withoutUserinfo(raw: string): string {
  if (!raw.includes('@')) return raw;
  try {
    const u = new URL(raw);
    if (!u.username && !u.password) return raw;
    u.username = '';
    u.password = '';
    return u.href;
  } catch {
    return stripAuthorityUserinfo(raw);
  }
}

/** "scheme:" (optional) and slashes, then an authority up to / ? # or \: cut its "userinfo@". */
function stripAuthorityUserinfo(raw: string): string {
  let i = 0;
  const colon = raw.indexOf(':');
  if (colon > 0 && isScheme(raw.slice(0, colon))) i = colon + 1;
  const afterScheme = i;
  while (raw[i] === '/' || raw[i] === '\\') i++;
  // Without a scheme, only "//host" starts an authority; with one, any number of slashes may.
  if (afterScheme === 0 && i < 2) return raw;
  let end = i;
  while (end < raw.length && !'/?#\\'.includes(raw[end]!)) end++;
  const at = raw.lastIndexOf('@', end - 1);
  return at < i ? raw : raw.slice(0, i) + raw.slice(at + 1);
}

function isScheme(s: string): boolean {
  return /^[a-z][a-z0-9+.-]*$/i.test(s);
}
