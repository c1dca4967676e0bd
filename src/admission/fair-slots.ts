// A counting semaphore shared fairly between callers: the slots of admission (calls running at
// once), of the worker pool (worker threads) and of one host (connections to it).
// - Waiters line up per caller and are served round robin (fair-queue.ts): a caller's backlog
//   waits behind its own work, not in front of others'. A caller that holds no slot when it
//   starts waiting is served before the round, once.
// - While other callers are active, no caller may hold more than `capacity - reserve` slots:
//   the reserve is kept for the others, so a caller who arrives while one caller fills every
//   slot with slow work starts at once instead of waiting for that work to end. A caller alone
//   may use every slot (one batch job on an otherwise idle service loses nothing).
// - The slots are not preemptive: a caller who took every slot while alone keeps them until
//   each ends; the reserve then goes to the others as those slots come back. Where a slot is a
//   permission rather than a thing (admission's limit, connections to a host), a caller holding
//   less than its fair share (the capacity over the active callers, at least one slot) may go
//   over the capacity, as long as fewer than the reserve of such slots are held, so it does not
//   wait for another caller's long work to end (or for an adaptive capacity that shrank below
//   what one caller holds to come back up): `overcommit`.
// - A slot can be marked idle while it stands for nothing the resource is doing (a connection
//   whose body the host has stopped sending): it then still counts for its caller, who never
//   holds more than the capacity, but not against the capacity for the others (`Lease.idle`).
//   A slot marked as reading (a connection past its headers, its body coming) does not count
//   against a short request (one that reads no body) of another caller either: that request
//   ends at its headers, and it should not wait behind whole bodies being read.
import type { Claimant } from './call-scope.js';
import { DueGroups } from './due-groups.js';
import { FairQueue, type Ticket } from './fair-queue.js';
import { WaitDeadlines } from './wait-deadlines.js';

/** The part of a resource kept for other callers: a quarter, and at least one unit once there are two. */
export function fairReserve(capacity: number): number {
  if (!Number.isFinite(capacity) || capacity < 2) return 0;
  return Math.max(1, Math.floor(capacity / 4));
}

export type Release = () => void;

/**
 * A granted slot: call it to release; `idle(true)` while it stands for no work, `reading(true)`
 * while it stands for a body being read (above).
 */
export type Lease = Release & { idle: (idle: boolean) => void; reading: (reading: boolean) => void };

interface Waiter {
  claimant: Claimant;
  queuedAt: number;
  /** Set by WaitDeadlines when the slots have a waiting limit. */
  dueAt: number;
  /** Its own deadline's group (DueGroups), when it has one. */
  dueGroup: number | null;
  waiting: boolean;
  /** A short request: reading slots leave room for it. */
  short: boolean;
  ticket: Ticket<Waiter> | null;
  /** The error a waiter gets when its waiting limit passes. */
  timedOut: (() => Error) | undefined;
  grant(): void;
  reject(reason: Error): void;
}

export interface FairSlotsOptions {
  /** Slots that may be held at once; read at every decision (admission's limit moves). */
  capacity: () => number;
  /** Slots a caller may not take while others are active. @default fairReserve(capacity) */
  reserve?: (capacity: number) => number;
  /** Called when a slot is granted, with how long the caller waited for it (ms). */
  onGrant?: (waitedMs: number) => void;
  /**
   * A caller holding less than its fair share may take a slot beyond the capacity, as long as
   * fewer than `reserve` slots so granted are held. Not for slots that stand for a thing there
   * are only `capacity` of (worker threads). @default false
   */
  overcommit?: boolean;
  /**
   * Longest a request may wait for a slot: one timer for all waiters (wait-deadlines.ts). The
   * request is then rejected with its `timedOut()` error. @default no limit
   */
  maxWaitMs?: number;
}

export class FairSlots {
  private used = 0;
  /** Slots held now that are marked idle: counted for their caller, not against the capacity. */
  private idled = 0;
  /** Slots held now that are marked reading and not idle: not counted against short requests. */
  private readingBusy = 0;
  /** Slots held now that were granted beyond the capacity (overcommit). */
  private over = 0;
  private readonly heldBy = new Map<string, number>();
  private readonly waiting = new FairQueue<Waiter>();
  private readonly capacityOf: () => number;
  private readonly reserveOf: (capacity: number) => number;
  private readonly onGrant: ((waitedMs: number) => void) | undefined;
  private readonly overcommit: boolean;
  private readonly deadlines: WaitDeadlines<Waiter> | null;
  /** Requests' own deadlines (acquire's `dueAt`). */
  private readonly due = new DueGroups<Waiter>((waiters) => this.expire(waiters));

  constructor(opts: FairSlotsOptions) {
    this.capacityOf = opts.capacity;
    this.reserveOf = opts.reserve ?? fairReserve;
    this.onGrant = opts.onGrant;
    this.overcommit = opts.overcommit ?? false;
    this.deadlines =
      opts.maxWaitMs === undefined
        ? null
        : new WaitDeadlines<Waiter>(opts.maxWaitMs, (w) => {
            if (this.waiting.cancel(w.ticket!))
              w.reject(w.timedOut?.() ?? new Error('No slot within the waiting limit.'));
          });
  }

  get capacity(): number {
    return this.capacityOf();
  }

  /** Slots held now. */
  get busy(): number {
    return this.used;
  }

  /** Slots held now that are marked idle. */
  get idle(): number {
    return this.idled;
  }

  /** Callers' requests waiting for a slot. */
  get queued(): number {
    return this.waiting.size;
  }

  /** Slots `caller` holds now. */
  heldOf(caller: string): number {
    return this.heldBy.get(caller) ?? 0;
  }

  /** Requests of `caller` waiting now. */
  queuedOf(caller: string): number {
    return this.waiting.sizeOf(caller);
  }

  /** Whether no other caller has more requests holding or waiting for a slot than `caller`. */
  isHeaviest(caller: string): boolean {
    const load = (c: string) => this.heldOf(c) + this.queuedOf(c);
    const mine = load(caller);
    for (const c of this.heldBy.keys()) if (c !== caller && load(c) > mine) return false;
    for (const c of this.waiting.callers()) if (c !== caller && load(c) > mine) return false;
    return true;
  }

  /** The caller with the most requests waiting, if any wait. */
  longestQueue(): string | undefined {
    return this.waiting.longest();
  }

  /** How long the longest-waiting request has waited (ms), or null when none waits. */
  oldestWaitMs(): number | null {
    let oldest: number | null = null;
    for (const w of this.waiting.values()) if (oldest === null || w.queuedAt < oldest) oldest = w.queuedAt;
    return oldest === null ? null : performance.now() - oldest;
  }

  /**
   * Resolves with the release function once `claimant` holds a slot; rejects with the signal's
   * reason when it aborts first (the request then leaves the line without a slot), or with
   * `timedOut()` when the slots' waiting limit (maxWaitMs) or the request's own deadline `dueAt`
   * (epoch ms) passes first. Requests due in the same millisecond with the same `timedOut` get
   * one error between them: pass a function that builds an error without a stack. A `short`
   * request reads no body: reading slots leave room for it.
   */
  acquire(
    claimant: Claimant,
    signal?: AbortSignal,
    timedOut?: () => Error,
    dueAt?: number,
    short = false,
  ): Promise<Lease> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    const now = this.tryAcquire(claimant, short);
    if (now) return Promise.resolve(now);
    return new Promise<Lease>((resolve, reject) => {
      const onAbort = () => {
        if (this.waiting.cancel(waiter.ticket!)) waiter.reject(signal!.reason as Error);
      };
      const leave = () => {
        waiter.waiting = false;
        signal?.removeEventListener('abort', onAbort);
        this.deadlines?.prune();
        this.due.remove(waiter);
      };
      const waiter: Waiter = {
        claimant,
        queuedAt: performance.now(),
        dueAt: Infinity,
        dueGroup: null,
        waiting: true,
        short,
        ticket: null,
        timedOut,
        grant: () => {
          leave();
          this.onGrant?.(performance.now() - waiter.queuedAt);
          resolve(this.take(claimant.caller, short));
        },
        reject: (reason) => {
          leave();
          reject(reason);
        },
      };
      // A caller holding no slot is served before the round (fair-queue.ts): the lightest caller.
      waiter.ticket = this.waiting.push(claimant.caller, waiter, this.heldOf(claimant.caller) === 0);
      this.deadlines?.add(waiter);
      if (dueAt !== undefined) this.due.add(waiter, dueAt);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Waiters whose own deadline came: out of line, each rejected with one error per kind. */
  private expire(waiters: Waiter[]): void {
    const errors = new Map<(() => Error) | undefined, Error>();
    for (const w of waiters) {
      if (!this.waiting.cancel(w.ticket!)) continue;
      let error = errors.get(w.timedOut);
      if (!error) errors.set(w.timedOut, (error = w.timedOut?.() ?? new Error('No slot before the deadline.')));
      w.reject(error);
    }
  }

  /** A slot now if `claimant` may take one without waiting, else null (nothing is queued). */
  tryAcquire(claimant: Claimant, short = false): Lease | null {
    // Earlier waiters first: a change with time (a caller's linger ended) may have made one eligible.
    this.drain();
    // A caller's own requests stay in order: with some waiting, this one waits behind them.
    if (this.waiting.sizeOf(claimant.caller) > 0 || !this.mayTake(claimant, short)) return null;
    this.onGrant?.(0);
    return this.take(claimant.caller, short);
  }

  /**
   * Rejects the newest waiting request of `caller` with `reason` (a full line makes room this
   * way, from the longest backlog); false when it has none.
   */
  rejectNewest(caller: string, reason: Error): boolean {
    const w = this.waiting.popNewest(caller);
    if (!w) return false;
    w.reject(reason);
    return true;
  }

  /** Grants free slots to waiters who may take them. Call it when the capacity has grown. */
  drain(): void {
    while (this.waiting.size > 0) {
      const next = this.waiting.shift((w) => this.mayTake(w.claimant, w.short));
      if (!next) return;
      next.grant();
    }
  }

  /** Slots that count against the capacity for a request (short or not). */
  private load(short: boolean): number {
    return this.used - this.idled - (short ? this.readingBusy : 0);
  }

  private mayTake(claimant: Claimant, short: boolean): boolean {
    const capacity = this.capacityOf();
    const reserve = this.reserveOf(capacity);
    const held = this.heldOf(claimant.caller);
    if (this.load(short) >= capacity)
      return this.overcommit && this.over < reserve && held < Math.max(1, capacity / claimant.activeCallers());
    // Idle slots leave room under the capacity, but a caller's own (idle ones too) never pass it.
    if (held >= capacity) return false;
    return reserve <= 0 || held < capacity - reserve || !claimant.othersActive();
  }

  private take(caller: string, short: boolean): Lease {
    const beyond = this.load(short) >= this.capacityOf();
    if (beyond) this.over++;
    this.used++;
    this.heldBy.set(caller, this.heldOf(caller) + 1);
    let released = false;
    let idle = false;
    let reading = false;
    /** Moves this slot's share of the idle and reading counts by `sign`. */
    const count = (sign: 1 | -1) => {
      if (idle) this.idled += sign;
      else if (reading) this.readingBusy += sign;
    };
    const mark = (set: () => void) => {
      if (released) return;
      count(-1);
      set();
      count(1);
      this.drain();
    };
    const release = () => {
      if (released) return;
      released = true;
      this.used--;
      count(-1);
      if (beyond) this.over--;
      const held = this.heldOf(caller) - 1;
      if (held > 0) this.heldBy.set(caller, held);
      else this.heldBy.delete(caller);
      this.drain();
    };
    return Object.assign(release, {
      idle: (now: boolean) => mark(() => (idle = now)),
      reading: (now: boolean) => mark(() => (reading = now)),
    });
  }
}
