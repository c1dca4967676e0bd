// Loaded into every test process (`--import` in the test command, and NODE_OPTIONS for the
// processes tests start): a tripwire that refuses any TCP connection to an address that is not
// loopback, and fails the test file that tried. Tests must never reach the internet or a
// non-loopback address, even when the code under test is wrong: a test of the egress policy run
// against a broken policy would otherwise connect to the real address it names (a cloud metadata
// endpoint, say).
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

type Options = Record<string, unknown>;
type LookupCallback = (err: Error | null, address: string | dns.LookupAddress[], family?: number) => void;
type Lookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void;

function isLoopback(ip: string): boolean {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (!ipaddr.isValid(bare)) return false;
  const zone = bare.indexOf('%');
  return ipaddr.process(zone === -1 ? bare : bare.slice(0, zone)).range() === 'loopback';
}

function refuse(where: string): Error {
  const err = new Error(`test tripwire: a connection to ${where} was attempted; tests may only reach loopback`);
  process.stderr.write(`${err.stack ?? err.message}\n`);
  process.exitCode = 1;
  return err;
}

/** Wraps a lookup so that every answer is checked before the socket connects to it. */
function guardedLookup(inner: Lookup): Lookup {
  return (hostname, options, callback) =>
    inner(hostname, options, (err, address, family) => {
      if (err) return callback(err, address, family);
      const answers = Array.isArray(address) ? address.map((a) => a.address) : [address];
      const outside = answers.find((a) => !isLoopback(a));
      if (outside !== undefined) return callback(refuse(`${hostname} (${outside})`), address, family);
      callback(null, address, family);
    });
}

function guarded(options: Options): Options {
  if (typeof options['path'] === 'string') return options; // a Unix socket
  const host = typeof options['host'] === 'string' ? options['host'] : 'localhost';
  if (net.isIP(host.replace(/^\[|\]$/g, '')) !== 0) {
    if (!isLoopback(host)) throw refuse(host);
    return options;
  }
  const inner = (typeof options['lookup'] === 'function' ? options['lookup'] : dns.lookup) as Lookup;
  return { ...options, lookup: guardedLookup(inner) };
}

const isOptions = (v: unknown): v is Options => typeof v === 'object' && v !== null && !Array.isArray(v);
// eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call/.apply on the socket
const connect = net.Socket.prototype.connect as (this: net.Socket, ...args: unknown[]) => net.Socket;

net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]): net.Socket {
  const first = args[0];
  // net.connect and tls.connect pass their normalised [options, callback] array (marked by a
  // symbol that must stay on it), so its options are replaced in place.
  if (Array.isArray(first)) {
    if (isOptions(first[0])) first[0] = guarded(first[0]);
  } else if (isOptions(first)) {
    args[0] = guarded(first);
  } else if (typeof first === 'number' || (typeof first === 'string' && net.isIP(first) === 0 && /^\d+$/.test(first))) {
    const named = typeof args[1] === 'string';
    const rest = args.slice(named ? 2 : 1);
    return connect.call(this, guarded({ port: Number(first), host: named ? args[1] : 'localhost' }), ...rest);
  }
  return connect.apply(this, args);
};
