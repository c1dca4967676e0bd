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
// body limit allows is never refused on an idle service.
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.js';

/** Of the budget, what one caller's bodies may hold. */
const CALLER_SHARE = 0.25;

/** Which bound a body was over. */
export type BodyRefusal = 'caller' | 'total';

/** The bytes of request bodies in progress, in all and by caller. */
class RequestBodyBudget {
  private used = 0;
  private readonly byCaller = new Map<string, number>();

  constructor(private readonly totalBytes: number) {}

  /** Counts `bytes` more of `caller`'s, or says which bound they would pass (nothing is counted then). */
  charge(caller: string, bytes: number): BodyRefusal | null {
    const held = this.byCaller.get(caller) ?? 0;
    if (held > 0 && held + bytes > this.totalBytes * CALLER_SHARE) return 'caller';
    if (this.used > 0 && this.used + bytes > this.totalBytes) return 'total';
    this.byCaller.set(caller, held + bytes);
    this.used += bytes;
    return null;
  }

  release(caller: string, bytes: number): void {
    if (bytes === 0) return;
    this.used -= bytes;
    const left = (this.byCaller.get(caller) ?? bytes) - bytes;
    if (left <= 0) this.byCaller.delete(caller);
    else this.byCaller.set(caller, left);
  }
}

const REFUSALS: Record<BodyRefusal, { code: 'rate_limited' | 'overloaded'; status: 429 | 503; message: string }> = {
  caller: {
    code: 'rate_limited',
    status: 429,
    message: "This client's calls in progress hold their most request body bytes; retry once they are answered.",
  },
  total: {
    code: 'overloaded',
    status: 503,
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
  const budget = new RequestBodyBudget(limits.totalBytes);
  scope.addHook('preParsing', (request, reply, payload, done) => {
    const declared = Number(request.headers['content-length'] ?? NaN);
    const chunked = request.headers['transfer-encoding'] !== undefined;
    // No body, or one over the body limit, which fastify refuses (413) without reading it.
    if (!chunked && !(declared > 0 && declared <= limits.bodyLimitBytes)) return done(null, payload);
    const caller = callerOf(request);
    let held = 0;
    reply.raw.once('close', () => budget.release(caller, held));
    if (!chunked) {
      const refusal = budget.charge(caller, declared);
      if (refusal !== null) return void refuse(reply, refusal);
      held = declared;
      return done(null, payload);
    }
    // Counted as it arrives; past a bound the body ends in the refusal, as an error.
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        const refusal = budget.charge(caller, chunk.length);
        if (refusal === null) {
          held += chunk.length;
          return next(null, chunk);
        }
        reply.header('Retry-After', '1');
        const { status, message } = REFUSALS[refusal];
        next(Object.assign(new Error(message), { statusCode: status }));
      },
    });
    payload.on('error', (err) => counted.destroy(err));
    done(null, payload.pipe(counted));
  });
}

function refuse(reply: FastifyReply, refusal: BodyRefusal): void {
  reply.header('Retry-After', '1');
  sendError(reply, REFUSALS[refusal].code, REFUSALS[refusal].message);
}
