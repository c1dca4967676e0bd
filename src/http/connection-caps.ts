// Open connections are memory the service holds for a client before it has made any call (about
// 4 KB each in the process, measured with 30,000 idle ones, beside the kernel's own), and the
// service cannot tell a caller's API key before a request arrives. So each client address (an
// IPv6 one by its /64, client-address.ts) may hold at most URLKIT_MAX_CONNECTIONS_PER_CLIENT of
// them and the server URLKIT_MAX_CONNECTIONS in all. A connection past either cap is answered at
// once with the JSON error envelope (429 for the client's own excess, 503 for the server's) and
// closed, and a request it sends is never run: it takes no call, no worker and no admission slot.
// A connection that sends nothing is closed after URLKIT_REQUEST_HEADERS_TIMEOUT_MS
// (conventions.ts), so a cap is not held by idle ones for long.
//
// The total is shared, not first come first served: when it is full, a client holding fewer
// connections than the largest holder less one still gets its connection, and the largest holder
// gives one of its own way: its oldest with no request on it, else its oldest whose request's body
// is still arriving (the next largest, if it has none). A connection whose call has all its
// request never gives way: no call that runs is lost for another client. So a few addresses
// cannot keep everyone else out by holding the total with silent or slow connections; only when
// every holder holds about as many as the newcomer would, or those holding more carry only
// running calls, is the newcomer refused.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { CappedCounts } from '../admission/capped-counts.js';
import { clientOf } from './client-address.js';
import { closingErrorResponse } from './errors.js';
import { onClose } from '../answers/on-close.js';
import type { TrustedProxies } from './trusted-proxies.js';

export interface ConnectionCaps {
  /** Open connections one client address may hold; 0: no cap. */
  maxConnectionsPerClient: number;
  /** Open connections in all; 0: no cap. */
  maxConnections: number;
}

/** The cap a refused connection was over. */
export type Cap = 'per_client' | 'total';

/** What a connection that gave way was doing: nothing, or receiving a request's body. */
export type GaveWayState = 'idle' | 'receiving';

export interface ConnectionEvents {
  /** A new connection was answered and closed, over `cap`. */
  refused(cap: Cap): void;
  /** An open connection was closed to let another client's in, in `state`. */
  gaveWay(state: GaveWayState): void;
}

/**
 * How long a refused connection stays before it is destroyed: its answer is small and goes out at
 * once, but closing it at once, with the client's request unread, would reset the connection,
 * and a reset may discard the answer before the client reads it.
 */
const REFUSAL_LINGER_MS = 2000;

/**
 * Counts `app`'s open connections per client address and refuses those past a cap. Register it
 * before any other hook: a request that arrives on a refused connection goes no further. A
 * trusted proxy's connections carry many clients' calls: they are held to the total only.
 */
export function capConnections(
  app: FastifyInstance,
  caps: ConnectionCaps,
  events: ConnectionEvents,
  proxies: TrustedProxies | null = null,
): void {
  if (caps.maxConnectionsPerClient === 0 && caps.maxConnections === 0) return;
  const open = new CappedCounts<Socket>({ perCaller: caps.maxConnectionsPerClient, total: caps.maxConnections });
  /** The requests in progress on a connection (several when pipelined), until their answers end. */
  const inProgress = new WeakMap<Socket, Set<IncomingMessage>>();
  const refused = new WeakSet<Socket>();
  // The HTTP server parses what a refused connection sends (it reads every socket it is given);
  // such a request is left unanswered, the refusal being its answer, until the socket goes.
  app.addHook('onRequest', (request, reply, done) => {
    if (!refused.has(request.raw.socket)) return done();
    reply.hijack();
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    let requests = inProgress.get(request.socket);
    if (!requests) inProgress.set(request.socket, (requests = new Set()));
    requests.add(request);
    onClose(response, () => requests.delete(request));
  });
  app.server.on('connection', (socket: Socket) => {
    const client = clientOf(socket.remoteAddress);
    const ownCap = proxies?.isProxy(socket.remoteAddress) ? 0 : caps.maxConnectionsPerClient;
    let over = open.take(client, socket, 1, ownCap);
    if (over === 'total' && giveWay(open.heldBy(client))) over = open.take(client, socket, 1, ownCap);
    if (over === 'caller')
      return refuse(
        socket,
        'per_client',
        `This client holds its most open connections (${caps.maxConnectionsPerClient}); reuse or close one.`,
      );
    if (over === 'total')
      return refuse(socket, 'total', `The service holds its most open connections (${caps.maxConnections}).`);
    // Its place goes back once, whether it closed or gave way (below).
    socket.once('close', () => open.give(client, socket));
  });

  /**
   * Closes a connection of the largest holder of more than `held` + 1 that has one that may give
   * way; says whether it did.
   */
  function giveWay(held: number): boolean {
    for (const client of open.holdersAbove(held + 1)) {
      let receiving: Socket | undefined;
      for (const socket of open.itemsOf(client)) {
        const state = stateOf(socket);
        if (state === 'idle') return close(client, socket, state);
        if (state === 'receiving') receiving ??= socket;
      }
      if (receiving) return close(client, receiving, 'receiving');
    }
    return false;
  }

  function stateOf(socket: Socket): GaveWayState | 'running' {
    const requests = inProgress.get(socket);
    if (!requests?.size) return 'idle';
    for (const request of requests) if (request.complete) return 'running';
    return 'receiving';
  }

  function close(client: string, socket: Socket, state: GaveWayState): true {
    events.gaveWay(state);
    open.give(client, socket);
    socket.destroy();
    return true;
  }

  function refuse(socket: Socket, cap: Cap, message: string): void {
    events.refused(cap);
    refused.add(socket);
    socket.end(closingErrorResponse(cap === 'per_client' ? 'rate_limited' : 'overloaded', message, 1));
    const timer = setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  }
}
