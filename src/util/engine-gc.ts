// V8's full collection, for the few places that must give memory back at a known moment (the
// main thread when idle, a worker after a large page), without starting node with --expose-gc.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collectFn: (() => void) | null | undefined;

/** The engine's gc() (the same way jest's leak detector gets it), or null where it cannot be had. */
export function engineGc(): (() => void) | null {
  if (collectFn !== undefined) return collectFn;
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return (collectFn = exposed);
  try {
    setFlagsFromString('--expose-gc');
    collectFn = runInNewContext('gc') as () => void;
  } catch {
    collectFn = null;
  }
  return collectFn;
}
