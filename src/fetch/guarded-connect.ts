// The only place a socket to a target is opened. An undici `connect` function that resolves
// the name itself (with its own timeout), checks EVERY answer against the address policy and
// connects to the checked address, so there is no second lookup an attacker's DNS could
// answer differently. IP literals (which Node would never pass to a `lookup` hook) take the
// same path. TLS still verifies the certificate against the original host name.
// Through a proxy, the tunnel is opened with CONNECT to the checked address, never the name.
import dns from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';
import type { buildConnector } from 'undici';
import { ItemFailure } from '../errors/codes.js';
import { checkAddress, metadataName, type AddressPolicy } from './address-policy.js';
import { EgressDenied, TransientFailure, WithheldCause } from './fetch-failure.js';
import { basicAuthOf } from './url-policy.js';
import type { EgressDenial } from './types.js';

export interface ConnectTimings {
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
}

export interface GuardedConnectOptions {
  policy: AddressPolicy;
  dnsTimeoutMs: number;
  /** TCP + TLS (+ proxy CONNECT) handshake bound. */
  connectTimeoutMs: number;
  /** Operator proxy; null for direct connections. */
  proxy: URL | null;
  /** Start of the fetch: timings are measured from here. */
  startedAt: number;
  /** Filled on each new connection (the last one wins, i.e. the one that answered). */
  timings: ConnectTimings;
  /** The fetch deadline: a pending lookup or handshake is abandoned when it fires. */
  signal: AbortSignal;
}

/** Names that resolve to loopback by definition (RFC 6761), whatever the resolver says. */
function isLocalhostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

/** getaddrinfo's "no such name" answers: the caller gets the same words for a forbidden name. */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA']);

/**
 * One message for a name that does not exist and a name whose every answer is forbidden, so
 * that callers cannot use the service to learn which internal names exist (docs/fetch.md).
 */
function unresolvable(hostname: string, cause?: unknown): ItemFailure {
  return new ItemFailure('dns_error', `The host name ${hostname} could not be resolved to a permitted address.`, {
    cause,
  });
}

async function resolve(hostname: string, timeoutMs: number, signal: AbortSignal): Promise<string[]> {
  // getaddrinfo cannot be cancelled; we stop waiting for it instead.
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    const answers = await Promise.race([
      dns.promises.lookup(hostname, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new ItemFailure('dns_error', `DNS lookup of ${hostname} timed out after ${timeoutMs} ms.`)),
          timeoutMs,
        );
        onAbort = () => reject(new ItemFailure('timeout', `Timed out resolving ${hostname}.`));
        signal.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
    if (answers.length === 0) throw unresolvable(hostname);
    return answers.map((a) => a.address);
  } catch (err) {
    if (err instanceof ItemFailure) throw err;
    const code = (err as NodeJS.ErrnoException).code ?? 'unknown';
    if (NO_SUCH_NAME.has(code)) throw unresolvable(hostname, err);
    throw new ItemFailure('dns_error', `The host name ${hostname} could not be resolved (${code}).`, { cause: err });
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Resolves and checks a host: every answer must pass, or the whole host is refused. The caller
 * is told why only as far as it already knows: an IP literal's range, a name refused by rule;
 * a looked-up name whose answers are all forbidden reads as one that does not resolve, and
 * no resolved address appears in a message. The EgressDenied detail keeps them for the log.
 */
export async function resolveChecked(
  hostname: string,
  opts: Pick<GuardedConnectOptions, 'policy' | 'dnsTimeoutMs' | 'signal'>,
): Promise<string[]> {
  const literal = net.isIP(hostname) !== 0;
  const metadata = literal ? null : metadataName(hostname);
  if (metadata) {
    throw new EgressDenied(`Blocked by the egress policy: ${hostname} is a ${metadata} name.`, {
      host: hostname,
      answered: 'blocked_url',
      addresses: [],
      nameRule: metadata,
    });
  }
  const localhost = !literal && isLocalhostName(hostname);
  const addresses = literal
    ? [hostname]
    : localhost
      ? ['127.0.0.1', '::1']
      : await resolve(hostname, opts.dnsTimeoutMs, opts.signal);
  const verdicts = addresses.map((address) => ({ address, ...checkAddress(address, opts.policy) }));
  const denied = verdicts.find((v) => !v.allowed);
  if (!denied) return addresses;
  const detail = (answered: EgressDenial['answered']): EgressDenial => ({
    host: hostname,
    answered,
    addresses: verdicts.map((v) => ({ address: v.address, allowed: v.allowed, reason: v.reason })),
  });
  if (literal)
    throw new EgressDenied(`Blocked by the egress policy: ${hostname} (${denied.reason}).`, detail('blocked_url'));
  if (localhost)
    throw new EgressDenied(
      `Blocked by the egress policy: ${hostname} is loopback by definition.`,
      detail('blocked_url'),
    );
  if (verdicts.every((v) => !v.allowed)) {
    throw new EgressDenied(unresolvable(hostname).message, detail('dns_error'));
  }
  throw new EgressDenied(
    `Blocked by the egress policy: ${hostname} resolves to an address it forbids.`,
    detail('blocked_url'),
  );
}

const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

function socketFailure(err: NodeJS.ErrnoException, what: string): ItemFailure {
  if (err instanceof ItemFailure) return err;
  const code = err.code ?? err.name;
  const Failure = err.code && RESET_CODES.has(err.code) ? TransientFailure : ItemFailure;
  return new Failure('connect_error', `${what} failed (${code}).`, { cause: err });
}

/** Waits for `event` on a fresh socket, bounded by the handshake timer and the deadline. */
function handshake<T extends net.Socket>(
  socket: T,
  event: string,
  onError: (e: NodeJS.ErrnoException) => ItemFailure,
  guard: Guard,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cleanup = () => {
      socket.off(event, ok);
      socket.off('error', bad);
      guard.offFail(fail);
    };
    const ok = () => {
      cleanup();
      resolve(socket);
    };
    const bad = (e: NodeJS.ErrnoException) => {
      cleanup();
      socket.destroy();
      reject(onError(e));
    };
    const fail = (e: ItemFailure) => {
      cleanup();
      socket.destroy();
      reject(e);
    };
    socket.once(event, ok);
    socket.once('error', bad);
    guard.onFail(fail);
  });
}

/** One timer + the deadline, shared by every step of one connection attempt. */
class Guard {
  private listeners = new Set<(e: ItemFailure) => void>();
  private failure: ItemFailure | null = null;
  private timer: NodeJS.Timeout;
  private abort = () => this.fail(new ItemFailure('timeout', 'The deadline passed while connecting.'));
  constructor(
    timeoutMs: number,
    private signal: AbortSignal,
    host: string,
  ) {
    this.timer = setTimeout(
      () => this.fail(new TransientFailure('connect_error', `Connecting to ${host} timed out after ${timeoutMs} ms.`)),
      timeoutMs,
    );
    if (signal.aborted) queueMicrotask(this.abort);
    else signal.addEventListener('abort', this.abort, { once: true });
  }
  private fail(e: ItemFailure) {
    this.failure ??= e;
    for (const l of [...this.listeners]) l(e);
  }
  onFail(l: (e: ItemFailure) => void) {
    if (this.failure) queueMicrotask(() => l(this.failure!));
    else this.listeners.add(l);
  }
  offFail(l: (e: ItemFailure) => void) {
    this.listeners.delete(l);
  }
  done() {
    clearTimeout(this.timer);
    this.signal.removeEventListener('abort', this.abort);
  }
}

/** Reads the proxy's answer to CONNECT (status line + headers) without consuming tunnel bytes. */
function readConnectReply(socket: net.Socket, guard: Guard): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let buf = Buffer.alloc(0);
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('end', onEnd);
      guard.offFail(onFail);
    };
    const onData = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) {
        if (buf.length > 16 * 1024)
          finish(new ItemFailure('connect_error', 'The proxy sent an oversized CONNECT reply.'));
        return;
      }
      const statusLine = buf.subarray(0, buf.indexOf('\r\n')).toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
      const rest = buf.subarray(end + 4);
      if (!m || m[1] !== '200') {
        // The proxy's own words (its reason phrase, a banner naming the operator's hosts) are for
        // the log; the caller gets the status.
        const said = new Error(`The proxy answered CONNECT with: ${statusLine.slice(0, 200)}`);
        const message = m
          ? `The proxy refused the tunnel (status ${m[1]}).`
          : 'The proxy answered the tunnel request with something other than HTTP.';
        finish(new WithheldCause('connect_error', message, { cause: said }));
        return;
      }
      cleanup();
      socket.pause();
      if (rest.length) socket.unshift(rest);
      resolve();
    };
    const finish = (e: ItemFailure) => {
      cleanup();
      socket.destroy();
      reject(e);
    };
    const onError = (e: NodeJS.ErrnoException) => finish(socketFailure(e, 'The proxy connection'));
    const onEnd = () =>
      finish(new TransientFailure('connect_error', 'The proxy closed the connection during CONNECT.'));
    const onFail = (e: ItemFailure) => finish(e);
    socket.on('data', onData);
    socket.once('error', onError);
    socket.once('end', onEnd);
    guard.onFail(onFail);
  });
}

async function openSocket(
  o: GuardedConnectOptions,
  hostname: string,
  protocol: string,
  port: number,
): Promise<net.Socket> {
  const addresses = await resolveChecked(hostname, o);
  o.timings.dnsMs = Date.now() - o.startedAt;
  const guard = new Guard(o.connectTimeoutMs, o.signal, hostname);
  try {
    let socket: net.Socket;
    if (o.proxy) {
      const pPort = Number(o.proxy.port) || (o.proxy.protocol === 'https:' ? 443 : 80);
      const pHost = o.proxy.hostname.replace(/^\[|\]$/g, '');
      const raw =
        o.proxy.protocol === 'https:'
          ? tls.connect({
              host: pHost,
              port: pPort,
              servername: net.isIP(pHost) ? undefined : pHost,
              ALPNProtocols: ['http/1.1'],
            })
          : net.connect({ host: pHost, port: pPort });
      socket = await handshake(
        raw,
        o.proxy.protocol === 'https:' ? 'secureConnect' : 'connect',
        (e) => socketFailure(e, 'Connecting to the proxy'),
        guard,
      );
      const target = addresses[0]!;
      const authority = `${net.isIPv6(target) ? `[${target}]` : target}:${port}`;
      const auth = basicAuthOf(o.proxy);
      socket.write(
        `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ''}\r\n`,
      );
      await readConnectReply(socket, guard);
    } else {
      socket = await connectChecked(hostname, addresses, port, guard);
    }
    o.timings.connectMs = Date.now() - o.startedAt;
    if (protocol === 'https:') {
      // Certificates never carry the trailing dot of an absolute name ("example.com.").
      const name = hostname.replace(/\.$/, '');
      const secure = tls.connect({
        socket,
        servername: net.isIP(name) ? undefined : name,
        // checkServerIdentity uses servername, else host: the original name or IP literal.
        host: name,
        ALPNProtocols: ['http/1.1'],
      });
      socket = await handshake(
        secure,
        'secureConnect',
        (e) => {
          if (e.code && RESET_CODES.has(e.code)) return socketFailure(e, 'The TLS handshake');
          return new ItemFailure('tls_error', `The TLS handshake with ${hostname} failed: ${tlsReason(e)}`, {
            cause: e,
          });
        },
        guard,
      );
      o.timings.tlsMs = Date.now() - o.startedAt;
    }
    return socket;
  } finally {
    guard.done();
  }
}

/**
 * What went wrong in a TLS handshake, in words a caller can use. Node's certificate errors are
 * one plain sentence ("self-signed certificate"); OpenSSL's own are a dump of its error queue
 * (a thread id, library and source file names, line numbers): internal detail, so only their
 * reason ("wrong version number") or code is told.
 */
function tlsReason(e: NodeJS.ErrnoException & { reason?: unknown }): string {
  if (typeof e.reason === 'string' && e.reason !== '') return e.reason;
  const firstLine = e.message.split('\n', 1)[0]!;
  if (!firstLine.includes(':error:')) return firstLine;
  return e.code ?? 'unknown error';
}

/**
 * Connects to one of the checked addresses. For a name with several answers, Node's own
 * Happy Eyeballs (autoSelectFamily) races them, fed by a lookup that returns exactly the checked
 * list, so a black-holed IPv6 answer does not eat the whole connect timeout. The lookup never
 * asks DNS again.
 */
function connectChecked(hostname: string, addresses: string[], port: number, guard: Guard): Promise<net.Socket> {
  // The caller is told the host as it wrote it, never what a name resolved to (docs/fetch.md).
  const shown = `Connecting to ${net.isIPv6(hostname) ? `[${hostname}]` : hostname}:${port}`;
  if (net.isIP(hostname) || addresses.length === 1) {
    return handshake(net.connect({ host: addresses[0]!, port }), 'connect', (e) => socketFailure(e, shown), guard);
  }
  const answers = addresses.map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }));
  const lookup: net.LookupFunction = (_name, options, callback) => {
    if (options.all) callback(null, answers);
    else callback(null, answers[0]!.address, answers[0]!.family);
  };
  const socket = net.connect({
    host: hostname,
    port,
    lookup,
    autoSelectFamily: true,
    autoSelectFamilyAttemptTimeout: 250,
  });
  return handshake(socket, 'connect', (e) => socketFailure(e, shown), guard);
}

export function createGuardedConnector(o: GuardedConnectOptions): buildConnector.connector {
  return (opts, callback) => {
    const port = Number(opts.port) || (opts.protocol === 'https:' ? 443 : 80);
    openSocket(o, opts.hostname, opts.protocol, port).then(
      (socket) => callback(null, socket),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  };
}
