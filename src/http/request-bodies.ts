// Request bodies take memory while they arrive: fastify gathers each into one string until it is
// whole, and a client may take up to URLKIT_REQUEST_TIMEOUT_MS to send it. Without a bound, 600
// connections that each sent all but the last byte of a 1 MiB body held 600 MiB of the service
// until their time was up. So the bodies of calls in progress share URLKIT_REQUEST_BODY_MEMORY_BYTES,
// and one caller's hold at most a quarter of it (the reserve every shared resource keeps for
// others, admission.md). A body is counted from its first byte (all its declared Content-Length
// at once; a chunked body as its chunks arrive) until its call's answer is sent or its
// connection closes, since the parsed call lives that long. A body that does not fit is refused
// before it is read: `429 rate_limited` past the caller's quarter, `503 overloaded` past the whole.
// A caller's first body always fits its quarter and the first of all the whole, so a body the
// body limit allows is never refused on an idle service. And the whole is shared, not kept by
// whoever came first: a body that does not fit it makes room by cutting off a body still arriving
// of the caller holding the most (more than this caller would), so callers with several
// addresses or keys who fill the whole with slow bodies keep no one else out.
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CappedCounts, type Over } from '../admission/capped-counts.js';
import { RequestBodyRefused, sendError } from './errors.js';
import { onClose } from '../answers/on-close.js';

/** Of the budget, what one caller's bodies may hold. */
const CALLER_SHARE = 0.25;

const REFUSALS: Record<Over, { code: 'rate_limited' | 'overloaded'; message: string }> = {
  caller: {
    code: 'rate_limited',
    message: "This client's calls in progress hold their most request body bytes; retry once they are answered.",
  },
  total: {
    code: 'overloaded',
    message: 'The calls in progress hold the most request body bytes the service takes; retry shortly.',
  },
};

/**
 * Bounds the request bodies of `scope`'s routes to `totalBytes` in all (0: no bound), each
 * counted to `callerOf(request)`.
 */
export function boundRequestBodies(
  scope: FastifyInstance,
  limits: { totalBytes: number; bodyLimitBytes: number },
  callerOf: (request: FastifyRequest) => string,
): void {
  if (limits.totalBytes === 0) return;
  // Counted by request: a body's bytes go back once, when its call ends or it gives way.
  const budget = new CappedCounts<IncomingMessage>({
    perCaller: limits.totalBytes * CALLER_SHARE,
    total: limits.totalBytes,
  });

  /** Counts `amount` more of `request`'s body, making room if it can (below), or says which bound it would pass. */
  function take(caller: string, request: IncomingMessage, amount: number): Over | null {
    let over = budget.take(caller, request, amount);
    while (over === 'total' && giveWay(budget.heldBy(caller) + amount)) over = budget.take(caller, request, amount);
    return over;
  }

  /**
   * When the whole is full, a body still arriving of the largest holder of more than `wouldHold`
   * (its oldest; the next largest, if it has none) gives way: its connection is closed. A body
   * that has all arrived, its call running, never does. Says whether one gave way.
   */
  function giveWay(wouldHold: number): boolean {
    for (const holder of budget.holdersAbove(wouldHold)) {
      for (const request of budget.itemsOf(holder)) {
        if (request.complete) continue;
        budget.give(holder, request);
        request.socket.destroy();
        return true;
      }
    }
    return false;
  }

  scope.addHook('preParsing', (request, reply, payload, done) => {
    const declared = Number(request.headers['content-length'] ?? NaN);
    const chunked = request.headers['transfer-encoding'] !== undefined;
    // No body, or one over the body limit, which fastify refuses (413) without reading it.
    if (!chunked && !(declared > 0 && declared <= limits.bodyLimitBytes)) return done(null, payload);
    const caller = callerOf(request);
    onClose(reply.raw, () => budget.give(caller, request.raw));
    if (!chunked) {
      const refusal = take(caller, request.raw, declared);
      if (refusal !== null) return void refuse(reply, refusal);
      return done(null, payload);
    }
    // Counted as it arrives; past a bound the body ends in the refusal, as an error.
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        const refusal = take(caller, request.raw, chunk.length);
        if (refusal === null) return next(null, chunk);
        reply.header('Retry-After', '1');
        const { code, message } = REFUSALS[refusal];
        next(new RequestBodyRefused(code, message));
      },
    });
    payload.on('error', (err) => counted.destroy(err));
    done(null, payload.pipe(counted));
  });
}

function refuse(reply: FastifyReply, refusal: Over): void {
  reply.header('Retry-After', '1');
  sendError(reply, REFUSALS[refusal].code, REFUSALS[refusal].message);
}
