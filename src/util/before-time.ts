// A promise raced against a time limit and/or an abort signal: what waits on a close, a start or
// an opening that may never end (a hung browser, a Redis that stopped answering) is not held by
// it, and a caller that gave up stops waiting at once. The promise itself goes on; its outcome is
// then unheeded.

export interface Bounds {
  /** Once aborted (or already aborted), the wait rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Once this many milliseconds have passed, the wait rejects with `timeUp()`. */
  ms?: number;
  /** The rejection when `ms` have passed first, made then (so it may also act on it). */
  timeUp?: () => Error;
}

/**
 * `p`'s outcome, or a rejection once `bounds.ms` have passed or `bounds.signal` is aborted,
 * whichever comes first. The timer keeps no process alive: what `p` waits on does, if anything.
 */
export function within<T>(p: Promise<T>, bounds: Bounds): Promise<T> {
  const { signal, ms, timeUp } = bounds;
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const timer =
      ms === undefined ? undefined : setTimeout(() => reject(timeUp ? timeUp() : new Error(`not within ${ms} ms`)), ms);
    timer?.unref();
    const onAbort = () => reject(signal!.reason as Error);
    signal?.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    });
  });
}

/** `p`'s outcome, or a rejection once `ms` have passed first (the timer keeps no process alive). */
export function beforeTime<T>(p: Promise<T>, ms: number): Promise<T> {
  return within(p, { ms });
}
