// Pure egress policy: may the service open a socket to this IP address?
// Default deny for everything that is not global unicast. The tables are explicit CIDRs (not
// ipaddr.js range names) so each row can be read against the IANA special-purpose registries
// and is covered row by row by test/unit/fetch/address-policy.test.ts.
//
// Order, for every address: (1) the IPv4 addresses it embeds are read out (embedded-ipv4.ts);
// (2) the address and each of those are checked against the cloud metadata list, which nothing
// opens; (3) the address itself meets the allow settings and the deny tables; (4) each IPv4
// address it surely leads to (IPv4-mapped, NAT64, 6to4, Teredo, ...) must pass step 3 on its
// own, so opening an IPv6 range never opens the IPv4 addresses written inside it.
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { embeddedIpv4 } from './embedded-ipv4.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [Address, number];

export interface DenyRule {
  cidr: string;
  reason: string;
}

/** Cloud metadata and credential endpoints: blocked in every form, whatever the settings open. */
export const METADATA_RULES: readonly DenyRule[] = [
  {
    cidr: '169.254.169.254/32',
    reason: 'cloud metadata (AWS, GCP, Azure, Oracle, OpenStack, DigitalOcean, Hetzner, Linode, ...)',
  },
  { cidr: '169.254.170.2/32', reason: 'cloud metadata (AWS ECS task credentials)' },
  { cidr: '169.254.170.23/32', reason: 'cloud metadata (AWS EKS Pod Identity credentials)' },
  { cidr: '100.100.100.200/32', reason: 'cloud metadata (Alibaba Cloud)' },
  { cidr: '168.63.129.16/32', reason: 'cloud metadata (Azure wire server)' },
  { cidr: '192.0.0.192/32', reason: 'cloud metadata (Oracle Cloud, legacy)' },
  { cidr: '169.254.0.23/32', reason: 'cloud metadata (Tencent Cloud)' },
  { cidr: '169.254.42.42/32', reason: 'cloud metadata (Scaleway)' },
  { cidr: 'fd00:ec2::254/128', reason: 'cloud metadata (AWS IPv6)' },
  { cidr: 'fd00:ec2::23/128', reason: 'cloud metadata (AWS ECS / EKS Pod Identity IPv6)' },
  { cidr: 'fd20:ce::254/128', reason: 'cloud metadata (GCP IPv6)' },
  { cidr: 'fd00:a9fe:a9fe::1/128', reason: 'cloud metadata (Linode IPv6)' },
  { cidr: 'fd00:42::42/128', reason: 'cloud metadata (Scaleway IPv6)' },
  { cidr: 'fe80::a9fe:a9fe/128', reason: 'cloud metadata (OpenStack IPv6)' },
];

/** Host names of metadata services: refused before any lookup (lower case, no trailing dot). */
export const METADATA_NAMES: ReadonlyMap<string, string> = new Map([
  ['metadata.google.internal', 'cloud metadata (GCP)'],
  ['metadata.goog', 'cloud metadata (GCP)'],
  ['metadata', 'cloud metadata (GCP short name)'],
  ['instance-data', 'cloud metadata (AWS short name)'],
  ['instance-data.ec2.internal', 'cloud metadata (AWS)'],
  ['metadata.tencentyun.com', 'cloud metadata (Tencent Cloud)'],
  ['metadata.packet.net', 'cloud metadata (Equinix Metal)'],
  ['metadata.platformequinix.com', 'cloud metadata (Equinix Metal)'],
]);

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
  { cidr: '::ffff:0:0:0/96', reason: 'IPv4-translated' },
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
  /** Explicit exceptions to the deny tables; they never open a metadata address. */
  allowCidrs: readonly Cidr[];
}

export interface AddressVerdict {
  allowed: boolean;
  /** Why it is denied (or which exception allowed it); null for plain global unicast. */
  reason: string | null;
  /** The address is (or embeds) a cloud metadata address. */
  metadata?: boolean;
}

function parseCidr(c: string): Cidr {
  return ipaddr.parseCIDR(c);
}

const compile = (rules: readonly DenyRule[]) => rules.map((r) => ({ ...r, range: parseCidr(r.cidr) }));
const METADATA = compile(METADATA_RULES);
const V4 = compile(IPV4_DENY);
const V6 = compile(IPV6_DENY);
const V6_GLOBAL = parseCidr(IPV6_GLOBAL);

function inRange(ip: Address, range: Cidr): boolean {
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

/**
 * Parses an IP literal (dotted IPv4 or IPv6, optionally bracketed, as Node's own connect reads
 * it); null if it is not one. A dotted tail is rewritten as two hex groups first: ipaddr.js
 * reads `::a.b.c.d` (IPv4-compatible) as `::ffff:a.b.c.d` (IPv4-mapped), a different address.
 */
export function parseIp(ip: string): Address | null {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  // isValidFourPartDecimal rejects the legacy "127.1" / octal forms: callers pass WHATWG-normalised hosts.
  if (net.isIPv4(bare) && ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (!net.isIPv6(bare)) return null;
  const zone = bare.indexOf('%');
  const head = zone === -1 ? bare : bare.slice(0, zone);
  const colon = head.lastIndexOf(':');
  const tail = head.slice(colon + 1);
  if (!net.isIPv4(tail)) return ipaddr.IPv6.parse(bare);
  const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
  const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  return ipaddr.IPv6.parse(`${head.slice(0, colon + 1)}${hex}${zone === -1 ? '' : bare.slice(zone)}`);
}

/** The metadata rule `name` falls under (any case, trailing dot or not), or null. */
export function metadataName(name: string): string | null {
  const n = name.toLowerCase();
  return METADATA_NAMES.get(n.endsWith('.') ? n.slice(0, -1) : n) ?? null;
}

export function checkAddress(ip: string, policy: AddressPolicy): AddressVerdict {
  const addr = parseIp(ip);
  if (!addr) return { allowed: false, reason: 'not an IP address' };
  const embedded = embeddedIpv4(addr);
  const meta = metadataRule(addr);
  if (meta) return { allowed: false, reason: meta, metadata: true };
  for (const e of embedded) {
    const m = metadataRule(e.ipv4);
    if (m) return { allowed: false, reason: `${m}, embedded in ${describe(e.via)}`, metadata: true };
  }
  const own = judge(addr, policy);
  if (!own.allowed) return own;
  for (const e of embedded) {
    if (!e.definite) continue;
    const v = judge(e.ipv4, policy);
    if (!v.allowed) return { allowed: false, reason: `${v.reason}, embedded in ${describe(e.via)}` };
  }
  return own;
}

export function isAllowedAddress(ip: string, policy: AddressPolicy): boolean {
  return checkAddress(ip, policy).allowed;
}

function describe(via: string): string {
  return `${/^[aeiou]/i.test(via) ? 'an' : 'a'} ${via} address`;
}

function metadataRule(addr: Address): string | null {
  for (const r of METADATA) if (inRange(addr, r.range)) return r.reason;
  return null;
}

/** The allow settings and the deny tables, for one address as it stands. */
function judge(addr: Address, policy: AddressPolicy): AddressVerdict {
  for (const r of policy.allowCidrs) {
    if (inRange(addr, r)) return { allowed: true, reason: `allowed by ${r[0].toString()}/${r[1]}` };
  }
  if (policy.allowPrivateNetworks) return { allowed: true, reason: 'private networks allowed' };
  if (addr.kind() === 'ipv4') {
    for (const r of V4) if (inRange(addr, r.range)) return { allowed: false, reason: r.reason };
    return { allowed: true, reason: null };
  }
  for (const r of V6) if (inRange(addr, r.range)) return { allowed: false, reason: r.reason };
  if (!inRange(addr, V6_GLOBAL)) return { allowed: false, reason: 'not global unicast (reserved)' };
  return { allowed: true, reason: null };
}
