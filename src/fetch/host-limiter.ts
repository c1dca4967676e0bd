// Per-host concurrency limit, shared by every fetch of one fetcher, so a batch of 100 URLs on
// one site opens at most N connections to it at a time.
import { ItemFailure } from '../errors/codes.js';

export class HostLimiter {
  private active = new Map<string, number>();
  private waiting = new Map<string, Array<() => void>>();
  constructor(private readonly limit: number) {}

  /** Resolves with a release function once a slot for `host` is free; rejects on abort. */
  acquire(host: string, signal: AbortSignal): Promise<() => void> {
    const key = host.toLowerCase();
    const grant = (): (() => void) => {
      this.active.set(key, (this.active.get(key) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const n = (this.active.get(key) ?? 1) - 1;
        if (n === 0) this.active.delete(key);
        else this.active.set(key, n);
        const q = this.waiting.get(key);
        const next = q?.shift();
        if (q && q.length === 0) this.waiting.delete(key);
        next?.();
      };
    };
    if (signal.aborted)
      return Promise.reject(new ItemFailure('timeout', 'The deadline passed before the request started.'));
    if ((this.active.get(key) ?? 0) < this.limit) return Promise.resolve(grant());
    return new Promise((resolve, reject) => {
      const q = this.waiting.get(key) ?? [];
      this.waiting.set(key, q);
      const onAbort = () => {
        const i = q.indexOf(wake);
        if (i >= 0) q.splice(i, 1);
        if (q.length === 0 && this.waiting.get(key) === q) this.waiting.delete(key);
        reject(new ItemFailure('timeout', `The deadline passed while waiting for a free connection to ${host}.`));
      };
      const wake = () => {
        signal.removeEventListener('abort', onAbort);
        resolve(grant());
      };
      q.push(wake);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Requests running now for a host (for tests and metrics). */
  activeFor(host: string): number {
    return this.active.get(host.toLowerCase()) ?? 0;
  }
}
