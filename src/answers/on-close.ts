// What runs when a response or a connection closes, on one 'close' listener each. Each part of the
// service that holds something for a call gives it back when its response closes (the connection
// caps, the request-body budget, the unread answers, the result memory, the call's own stop), and
// fastify and the MCP transport listen too: a batch with a large answer had 11 'close' listeners on
// its response, and Node warned of a leak ("MaxListenersExceededWarning") on every such call. The
// unread answers also listen on each answer's connection, for every response on it.
import type { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';

const waiting = new WeakMap<EventEmitter, Set<() => void>>();

/**
 * Runs `fn` when `emitter` (a response, a socket) closes, after what was added before it; returns
 * what cancels that. As with `once('close', fn)`, nothing runs for one that has closed already.
 */
export function onClose(emitter: EventEmitter, fn: () => void): () => void {
  let fns = waiting.get(emitter);
  if (!fns) {
    fns = new Set();
    waiting.set(emitter, fns);
    emitter.once('close', runEach(emitter, fns));
  }
  const mine = fns;
  mine.add(fn);
  return () => mine.delete(fn);
}

/**
 * Runs `then` once `res` has closed: its answer written whole, or its client gone (at once if
 * it already has: a closed response emits no more 'close').
 */
export function afterClose(res: ServerResponse): (then: () => void) => void {
  return (then) => {
    if (res.closed) then();
    else onClose(res, then);
  };
}

/**
 * The listener, made apart from onClose: V8 gives the closures made in one call one context, so a
 * listener made beside a caller's `fn` would keep that first caller's context (a response, its
 * answer) for as long as the emitter lives: a 20 MB batch on each keep-alive connection under
 * bench:hostile row `held` peaked at 441-450 MiB against 369 with the listener made here.
 */
function runEach(emitter: EventEmitter, fns: Set<() => void>): () => void {
  return () => {
    waiting.delete(emitter);
    for (const fn of [...fns]) fn();
  };
}
