// Which client a connection or a request without an API key is from: its address, except that
// an IPv6 address counts by its /64. A /64 is what one host or one site is given (a subscriber's
// LAN, a cloud instance), and any address in it is theirs to use: counted by the whole address,
// one client could be as many callers as it likes, each with its own fair share, rate limit and
// connections. An IPv4-mapped IPv6 address is its IPv4 address.
import ipaddr from 'ipaddr.js';

const MAPPED_PREFIX = '::ffff:';

/** The client an address belongs to: an IPv4 address, an IPv6 /64 (`2001:db8:1:2::/64`), or the input as given. */
export function clientOf(address: string | undefined): string {
  if (address === undefined) return '';
  // Called for every request: Node's own forms of an IPv4 client are answered without parsing.
  if (!address.includes(':')) return address;
  if (address.startsWith(MAPPED_PREFIX) && address.includes('.')) return address.slice(MAPPED_PREFIX.length);
  if (!ipaddr.IPv6.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}
