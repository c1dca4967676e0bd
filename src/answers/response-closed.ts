// What runs when a response closes (its answer sent whole, or its client gone), on one 'close'
// listener a response. Each part of the service that holds something for a call gives it back
// then (the connection caps, the request-body budget, the unread answers, the result memory, the
// call's own stop), and fastify and the MCP transport listen too: a batch with a large answer had
// 11 'close' listeners on its response, and Node warned of a leak ("MaxListenersExceededWarning")
// on every such call.
import type { ServerResponse } from 'node:http';

const waiting = new WeakMap<ServerResponse, (() => void)[]>();

/**
 * Runs `fn` when `res` closes, after what was added before it; as `res.once('close', fn)` does,
 * nothing runs for a response that has closed already.
 */
export function onClosed(res: ServerResponse, fn: () => void): void {
  let fns = waiting.get(res);
  if (!fns) {
    fns = [];
    waiting.set(res, fns);
    res.once('close', runEach(res, fns));
  }
  fns.push(fn);
}

/**
 * The listener, made apart from onClosed: V8 gives the closures made in one call one context, so a
 * listener made beside `fn` would keep the first caller's context for as long as the response lives.
 */
function runEach(res: ServerResponse, fns: (() => void)[]): () => void {
  return () => {
    waiting.delete(res);
    for (const fn of fns) fn();
  };
}
