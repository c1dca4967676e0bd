// The undici agents of ONE fetchPage call: direct and (lazily) through the operator proxy.
// Per-fetch agents let the guarded connector record this fetch's timings and obey its
// deadline, and closing them drops any unread body without draining it. Status probes use
// them for every request (they report the connection's DNS, connect and TLS times).
// Page fetches take their direct connections from the fetcher's keep-alive pool instead
// (connection-pool.ts) and give each back only after a clean exchange.
import type { Readable } from 'node:stream';
import { Client, type Dispatcher } from 'undici';
import { DISPATCHER_CLOSED } from './prebuilt-errors.js';
import { ConnectionPool } from './connection-pool.js';
import type { Config } from '../config/config.js';
import type { AddressPolicy } from './address-policy.js';
import { createGuardedConnector, type ConnectTimings } from './guarded-connect.js';

export interface AgentContext {
  startedAt: number;
  connect: ConnectTimings;
}

/** Idle pooled connections close after this unused (undici also obeys a shorter server hint). */
const POOL_IDLE_MS = 4000;

/** Whose fetch a pooled connection serves now: its timings and deadline apply to (re)connects. */
interface Owner {
  startedAt: number;
  timings: ConnectTimings;
  signal: AbortSignal;
}

const owners = new WeakMap<Client, Owner>();
const NO_DEADLINE = new AbortController().signal;

/**
 * The fetcher's keep-alive pool for direct page fetches. A pooled client connects with the
 * guarded connector under the fetch that holds it (its timings, its deadline), exactly as a
 * per-fetch agent does; only one fetch holds a client at a time.
 */
export function createConnectionPool(config: Config, policy: AddressPolicy): ConnectionPool {
  return new ConnectionPool({
    open: (origin) => {
      const owner: Owner = {
        startedAt: Date.now(),
        timings: { dnsMs: null, connectMs: null, tlsMs: null },
        signal: NO_DEADLINE,
      };
      // Getters: the connector reads the current holder's values when it connects.
      const connect = createGuardedConnector({
        policy,
        dnsTimeoutMs: config.dnsTimeoutMs,
        connectTimeoutMs: config.connectTimeoutMs,
        proxy: null,
        get startedAt() {
          return owner.startedAt;
        },
        get timings() {
          return owner.timings;
        },
        get signal() {
          return owner.signal;
        },
      });
      const client = new Client(origin, {
        connect,
        maxHeaderSize: config.maxHeaderBytes,
        pipelining: 1,
        keepAliveTimeout: POOL_IDLE_MS,
        keepAliveMaxTimeout: POOL_IDLE_MS,
      });
      owners.set(client, owner);
      return client;
    },
    maxIdlePerOrigin: Math.max(1, config.perHostConcurrency),
    maxIdle: 256,
    idleMs: POOL_IDLE_MS,
  });
}

interface Checkout {
  origin: string;
  client: Client;
  body: Readable | null;
  reusable: boolean;
}

/** Its response was read to the end and the server did not ask to close. */
function clean(c: Checkout): boolean {
  return c.reusable && c.body !== null && c.body.readableEnded && !c.body.errored;
}

/**
 * One fetch's own connections of a route (direct, or through the proxy): a `Client` per origin,
 * all opened by one guarded connector. This is what an undici `Agent` with `connections: 1`
 * builds, without the Agent itself (its map, its event forwarding, its dispatcher state): a
 * fetch sends one request at a time, and a status probe made an Agent for every fetch.
 */
class RouteClients {
  private readonly clients = new Map<string, Client>();
  constructor(private readonly open: (origin: string) => Client) {}
  get(origin: string): Client {
    let client = this.clients.get(origin);
    if (!client) {
      client = this.open(origin);
      this.clients.set(origin, client);
    }
    return client;
  }
  destroy(): void {
    for (const c of this.clients.values()) c.destroy(DISPATCHER_CLOSED).catch(() => {});
    this.clients.clear();
  }
}

/** Per-fetch pair of agents (direct, proxy) sharing the fetch's timings and deadline. */
export class FetchAgents {
  private direct: RouteClients | null = null;
  private proxied: RouteClients | null = null;
  private readonly checkouts: Checkout[] = [];
  /** @param pool the fetcher's keep-alive pool for direct connections, or null for fresh ones */
  constructor(
    private readonly config: Config,
    private readonly policy: AddressPolicy,
    private readonly proxy: URL | null,
    private readonly state: AgentContext,
    private readonly deadline: AbortSignal,
    private readonly pool: ConnectionPool | null = null,
  ) {}
  /** The dispatcher for one request to `origin`. */
  get(viaProxy: boolean, origin: string): Dispatcher {
    if (viaProxy) return (this.proxied ??= this.make(this.proxy)).get(origin);
    if (this.pool) {
      const client = this.pool.take(origin);
      const owner = owners.get(client);
      if (owner)
        Object.assign(owner, { startedAt: this.state.startedAt, timings: this.state.connect, signal: this.deadline });
      this.checkouts.push({ origin, client, body: null, reusable: false });
      return client;
    }
    return (this.direct ??= this.make(null)).get(origin);
  }
  /**
   * The response of the last request: its connection may go back to the pool at the end of the
   * fetch if this body is then read to its end and the server did not ask to close.
   */
  answered(body: Readable, connectionHeader: string | undefined): void {
    const last = this.checkouts.at(-1);
    if (!last || last.body) return;
    last.body = body;
    last.reusable = !/\bclose\b/i.test(connectionHeader ?? '');
  }
  private make(proxy: URL | null): RouteClients {
    const connect = createGuardedConnector({
      policy: this.policy,
      dnsTimeoutMs: this.config.dnsTimeoutMs,
      connectTimeoutMs: this.config.connectTimeoutMs,
      proxy,
      startedAt: this.state.startedAt,
      timings: this.state.connect,
      signal: this.deadline,
    });
    // One connection per origin: a fetch sends one request at a time (an undici Pool would
    // allocate a 2,048-slot request queue per origin for nothing).
    return new RouteClients(
      (origin) =>
        new Client(origin, {
          connect,
          maxHeaderSize: this.config.maxHeaderBytes,
          pipelining: 1,
          keepAliveTimeout: 4000,
        }),
    );
  }
  /**
   * Whether a HEAD through `viaProxy`'s dispatcher may skip undici's reset: undici closes the
   * connection after every HEAD (a server may send a body it should not) by destroying the socket
   * with a new error, whose stack Node's stream destroy then formats: about a tenth of a status
   * probe's main-thread time. A per-fetch agent's connection is never used again after a HEAD
   * when the caller drops the agent (reset) as the response is released, so it needs no reset.
   */
  oneShotHead(viaProxy: boolean, method: string): boolean {
    return method === 'HEAD' && (viaProxy || !this.pool);
  }
  /** After a failed attempt: the next one starts on a fresh pool (no half-dead sockets or queued retries). */
  reset(viaProxy: boolean): void {
    if (!viaProxy) this.dropCheckouts();
    const a = viaProxy ? this.proxied : this.direct;
    a?.destroy();
    if (viaProxy) this.proxied = null;
    else this.direct = null;
  }
  destroy(): void {
    // Closing our own per-fetch agents also drops any unread (endless) body without draining it.
    this.direct?.destroy();
    this.proxied?.destroy();
    this.settleHops();
  }
  /**
   * Between hops (after a redirect): every connection this fetch has used so far goes back to
   * the pool if its exchange ended cleanly, so the next hop to its origin takes it, or is closed
   * now (undici would otherwise open another connection for a client whose body was dropped).
   */
  settleHops(): void {
    for (const c of this.checkouts) this.settle(c);
    this.checkouts.length = 0;
  }
  /** A checked-out connection goes back to the pool after a clean exchange; any other is closed. */
  private settle(c: Checkout): void {
    const owner = owners.get(c.client);
    // Idle, the connection answers to no deadline; a later holder's fetch sets its own.
    if (owner) owner.signal = NO_DEADLINE;
    if (clean(c) && this.pool) this.pool.give(c.origin, c.client);
    else c.client.destroy(DISPATCHER_CLOSED).catch(() => {});
  }
  /** After a failed attempt: its connection (and any earlier one of this fetch) is closed. */
  private dropCheckouts(): void {
    for (const c of this.checkouts) c.client.destroy(DISPATCHER_CLOSED).catch(() => {});
    this.checkouts.length = 0;
  }
}
