// A promise given a time limit: what waits on a close or a start that may never end (a hung
// browser, a Redis that stopped answering) is not held by it.

/** `p`'s outcome, or a rejection once `ms` have passed first (the timer keeps no process alive). */
export function beforeTime<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms);
    timer.unref();
    p.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
