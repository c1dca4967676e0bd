// Per-host concurrency limit, shared by every fetch of one fetcher, so a batch of 100 URLs on
// one site opens at most N connections to it at a time. The slots of a host are shared fairly
// between callers (admission/fair-slots.ts): one caller's 100 URLs on a slow host wait behind
// each other, and while other callers are active a quarter of the host's slots (at least one)
// stays theirs, so their fetches of that host do not wait out its slowness; a caller with no
// connection to the host may open one beyond the limit (by at most that quarter) rather than
// wait for another caller's slow fetches to end. A connection whose body has brought no bytes
// for a second (the host trickles, or the reader waits for body memory) is idle
// (body-idleness.ts): it still counts for its caller, whose connections to the host never pass
// the limit, but no longer keeps other callers out, so a dozen bodies trickling a byte every
// few seconds cannot lock a host's connections for everyone (issue 31, row 6). A short request
// (HEAD, or a GET whose body is not read: a status probe) of another caller does not wait
// behind connections whose bodies are being read either: it ends at its headers.
import { currentClaimant } from '../admission/call-scope.js';
import { FairSlots, type Lease } from '../admission/fair-slots.js';
import { ItemFailure } from '../errors/codes.js';

export class HostLimiter {
  private readonly hosts = new Map<string, FairSlots>();
  constructor(private readonly limit: number) {}

  /**
   * Resolves with the slot (call it to release) once one for `host` is free; rejects on abort.
   * `short`: the request reads no body (above).
   */
  async acquire(host: string, signal: AbortSignal, short = false): Promise<Lease> {
    if (signal.aborted) throw new ItemFailure('timeout', 'The deadline passed before the request started.');
    const key = host.toLowerCase();
    let slots = this.hosts.get(key);
    if (!slots) {
      slots = new FairSlots({ capacity: () => this.limit, overcommit: true });
      this.hosts.set(key, slots);
    }
    let lease: Lease;
    try {
      lease = await slots.acquire(currentClaimant(), signal, undefined, undefined, short);
    } catch {
      this.forgetIfIdle(key, slots);
      throw new ItemFailure('timeout', `The deadline passed while waiting for a free connection to ${host}.`);
    }
    const release = () => {
      lease();
      this.forgetIfIdle(key, slots);
    };
    return Object.assign(release, { idle: lease.idle, reading: lease.reading });
  }

  /** Requests running now for a host (for tests and metrics). */
  activeFor(host: string): number {
    return this.hosts.get(host.toLowerCase())?.busy ?? 0;
  }

  private forgetIfIdle(key: string, slots: FairSlots): void {
    if (slots.busy === 0 && slots.queued === 0 && this.hosts.get(key) === slots) this.hosts.delete(key);
  }
}
