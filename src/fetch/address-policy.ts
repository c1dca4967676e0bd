// Pure egress policy: may the service open a socket to this IP address?
// Default deny for everything that is not global unicast. The tables are explicit CIDRs (not
// ipaddr.js range names) so each row can be read against the IANA special-purpose registries
// and is covered row by row by test/unit/fetch/address-policy.test.ts.
import ipaddr from 'ipaddr.js';

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

export interface DenyRule {
  cidr: string;
  reason: string;
}

/** Cloud metadata endpoints: only an explicit URLKIT_ALLOW_CIDRS entry opens them. */
export const METADATA_RULES: readonly DenyRule[] = [
  { cidr: '169.254.169.254/32', reason: 'cloud metadata (AWS, GCP, Azure, OpenStack)' },
  { cidr: '169.254.170.2/32', reason: 'cloud metadata (AWS ECS task credentials)' },
  { cidr: '100.100.100.200/32', reason: 'cloud metadata (Alibaba Cloud)' },
  { cidr: '168.63.129.16/32', reason: 'cloud metadata (Azure wire server)' },
  { cidr: 'fd00:ec2::254/128', reason: 'cloud metadata (AWS IPv6)' },
];

export const IPV4_DENY: readonly DenyRule[] = [
  { cidr: '0.0.0.0/8', reason: '"this network"' },
  { cidr: '10.0.0.0/8', reason: 'private' },
  { cidr: '100.64.0.0/10', reason: 'carrier-grade NAT' },
  { cidr: '127.0.0.0/8', reason: 'loopback' },
  { cidr: '169.254.0.0/16', reason: 'link-local' },
  { cidr: '172.16.0.0/12', reason: 'private' },
  { cidr: '192.0.0.0/24', reason: 'IETF protocol assignments' },
  { cidr: '192.0.2.0/24', reason: 'documentation (TEST-NET-1)' },
  { cidr: '192.88.99.0/24', reason: '6to4 relay anycast' },
  { cidr: '192.168.0.0/16', reason: 'private' },
  { cidr: '198.18.0.0/15', reason: 'benchmarking' },
  { cidr: '198.51.100.0/24', reason: 'documentation (TEST-NET-2)' },
  { cidr: '203.0.113.0/24', reason: 'documentation (TEST-NET-3)' },
  { cidr: '224.0.0.0/4', reason: 'multicast' },
  { cidr: '240.0.0.0/4', reason: 'reserved (includes broadcast 255.255.255.255)' },
];

/** Only 2000::/3 is global unicast; inside it these are special-purpose or embed IPv4. */
export const IPV6_GLOBAL = '2000::/3';
export const IPV6_DENY: readonly DenyRule[] = [
  { cidr: '::/128', reason: 'unspecified' },
  { cidr: '::1/128', reason: 'loopback' },
  { cidr: '::/96', reason: 'IPv4-compatible' },
  { cidr: '::ffff:0:0/96', reason: 'IPv4-mapped' },
  { cidr: '64:ff9b::/96', reason: 'NAT64 (well-known prefix)' },
  { cidr: '64:ff9b:1::/48', reason: 'NAT64 (local-use prefix)' },
  { cidr: '100::/64', reason: 'discard-only' },
  { cidr: '2001::/32', reason: 'Teredo' },
  { cidr: '2001:2::/48', reason: 'benchmarking' },
  { cidr: '2001:10::/28', reason: 'ORCHID (deprecated)' },
  { cidr: '2001:20::/28', reason: 'ORCHIDv2' },
  { cidr: '2001:db8::/32', reason: 'documentation' },
  { cidr: '2002::/16', reason: '6to4' },
  { cidr: '3fff::/20', reason: 'documentation' },
  { cidr: 'fc00::/7', reason: 'unique-local' },
  { cidr: 'fe80::/10', reason: 'link-local' },
  { cidr: 'fec0::/10', reason: 'site-local (deprecated)' },
  { cidr: 'ff00::/8', reason: 'multicast' },
];

export interface AddressPolicy {
  /** Opens every range except cloud metadata. */
  allowPrivateNetworks: boolean;
  /** Explicit exceptions; these win over every deny rule, metadata included. */
  allowCidrs: readonly Cidr[];
}

export interface AddressVerdict {
  allowed: boolean;
  /** Why it is denied (or which exception allowed it); null for plain global unicast. */
  reason: string | null;
}

function parseCidr(c: string): Cidr {
  return ipaddr.parseCIDR(c) as Cidr;
}

const METADATA = METADATA_RULES.map((r) => ({ ...r, range: parseCidr(r.cidr) }));
const V4 = IPV4_DENY.map((r) => ({ ...r, range: parseCidr(r.cidr) }));
const V6 = IPV6_DENY.map((r) => ({ ...r, range: parseCidr(r.cidr) }));
const V6_GLOBAL = parseCidr(IPV6_GLOBAL);

function inRange(ip: ipaddr.IPv4 | ipaddr.IPv6, range: Cidr): boolean {
  return ip.kind() === range[0].kind() && ip.match(range);
}

/** Builds a policy from config values; throws on a malformed CIDR (config validates the shape). */
export function createAddressPolicy(opts: {
  allowPrivateNetworks?: boolean;
  allowCidrs?: readonly string[];
}): AddressPolicy {
  return {
    allowPrivateNetworks: opts.allowPrivateNetworks ?? false,
    allowCidrs: (opts.allowCidrs ?? []).map(parseCidr),
  };
}

/** Parses an IP literal (dotted IPv4 or IPv6, optionally bracketed); null if it is not one. */
export function parseIp(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // isValidFourPartDecimal rejects the legacy "127.1" / octal forms: callers pass WHATWG-normalised hosts.
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (ipaddr.IPv6.isValid(bare)) return ipaddr.IPv6.parse(bare);
  return null;
}

export function checkAddress(ip: string, policy: AddressPolicy): AddressVerdict {
  const addr = parseIp(ip);
  if (!addr) return { allowed: false, reason: 'not an IP address' };
  for (const r of policy.allowCidrs) {
    if (inRange(addr, r)) return { allowed: true, reason: `allowed by ${r[0].toString()}/${r[1]}` };
  }
  for (const r of METADATA) if (inRange(addr, r.range)) return { allowed: false, reason: r.reason };
  if (policy.allowPrivateNetworks) return { allowed: true, reason: 'private networks allowed' };
  if (addr.kind() === 'ipv4') {
    for (const r of V4) if (inRange(addr, r.range)) return { allowed: false, reason: r.reason };
    return { allowed: true, reason: null };
  }
  for (const r of V6) if (inRange(addr, r.range)) return { allowed: false, reason: r.reason };
  if (!inRange(addr, V6_GLOBAL)) return { allowed: false, reason: 'not global unicast (reserved)' };
  return { allowed: true, reason: null };
}

export function isAllowedAddress(ip: string, policy: AddressPolicy): boolean {
  return checkAddress(ip, policy).allowed;
}
