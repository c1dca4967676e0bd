// Which call a body's share of the memory budget belongs to. Each call runs inside a call scope
// (call-scope.ts) holding its memory account; readBody (deep inside the fetcher) takes its
// lease from the current scope, so no fetch signature has to carry it. A lease ends at the
// first of: the worker task of that call finishing (the body has been parsed; what remains is
// a small result), the call ending, or the body's bytes being garbage-collected (a batch item
// that was answered without a worker task, e.g. a bot-protection page).
import { currentScope, type CallMemory } from './call-scope.js';
import type { Lease, MemoryBudget } from './memory-budget.js';

// Backstop for leases nobody released: the lease ends with the body's bytes.
const collected = new FinalizationRegistry<Lease>((lease) => lease.release());

/** A call's memory account on `budget` (null: no budget, the call's bodies are not charged). */
export function openCallMemory(budget: MemoryBudget | null): CallMemory | null {
  return budget ? { budget, read: [], reading: new Set() } : null;
}

/** The call ended: every share it still holds goes back. */
export function closeCallMemory(call: CallMemory | null): void {
  if (!call) return;
  for (const lease of call.read) lease.release();
  for (const lease of call.reading) lease.release();
}

/** A body being read: its share grows with the bytes kept, and it is handed over when read. */
export interface BodyCharge {
  /** Makes the share cover `bytes` kept bytes (waits for room; rejects when `signal` aborts). */
  grow(bytes: number, signal?: AbortSignal): Promise<void>;
  /**
   * Adds `bytes` a decoder of the body will allocate (fetch/decoder-window.ts) to the share, until
   * the body is read (waits for room; rejects when `signal` aborts).
   */
  addDecoder(bytes: number, signal?: AbortSignal): Promise<void>;
  /**
   * The body was read into `kept` (its bytes, in one buffer or in pieces): the share now covers
   * them (and their decoded text), and ends with them if nothing ends it before.
   */
  done(kept: { readonly length: number; readonly moved?: boolean }): void;
  /** Reading failed: the share is given back. */
  fail(): void;
}

/**
 * Bytes of memory one kept body byte costs on the main thread until its worker task ends, at
 * most: the bytes themselves plus the decoded text, which V8 stores with two bytes a character
 * as soon as one character is outside Latin-1 (the fetcher decodes every page it reads).
 */
export const BYTES_PER_BODY_BYTE = 3;

/** Opens a charge for a body about to be read in the current call; null outside any budgeted call. */
export function chargeBody(): BodyCharge | null {
  const call = currentScope()?.memory;
  if (!call) return null;
  let lease: Lease | null = null;
  let pending: Promise<Lease> | null = null;
  const open = (bytes: number, signal?: AbortSignal): Promise<Lease> => {
    pending ??= call.budget.acquire(bytes, signal).then((l) => {
      lease = l;
      call.reading.add(l);
      return l;
    });
    return pending;
  };
  let keptBytes = 0;
  let decoderBytes = 0;
  const cover = async (signal?: AbortSignal) => {
    const want = keptBytes * BYTES_PER_BODY_BYTE + decoderBytes;
    const l = lease ?? (await open(want, signal));
    await l.grow(want, signal);
  };
  return {
    grow(bytes, signal) {
      keptBytes = Math.max(keptBytes, bytes);
      return cover(signal);
    },
    addDecoder(bytes, signal) {
      decoderBytes += bytes;
      return cover(signal);
    },
    done(kept) {
      if (!lease) return;
      call.reading.delete(lease);
      // The decoders were destroyed with the read: only the kept bytes stay. What goes back now
      // is no garbage of this thread's: a decoder's window is the decoder's own memory, freed
      // with it, and the share's headroom past the kept bytes was never allocated. Heard as
      // garbage, a brotli page's 4-16 MiB window made the main thread collect its whole heap
      // every few such pages (idle-gc.ts).
      lease.set(kept.length * BYTES_PER_BODY_BYTE, false);
      // Bytes that moved to a worker in their pieces (fetch/kept-bytes.ts) leave no garbage on
      // the main thread: their share's end is no reason for the main thread to collect. The
      // registry holds the lease strongly, so the lease reaches the bytes only weakly: through
      // the lease, the registry would keep every body it was told of, and never hear of one.
      const bytes = new WeakRef(kept);
      lease.garbageHere = () => {
        const here = bytes.deref();
        return here !== undefined && here.moved !== true;
      };
      call.read.push(lease);
      collected.register(kept, lease);
    },
    fail() {
      pending = null;
      if (!lease) return;
      call.reading.delete(lease);
      // As in done: the decoders' part is theirs, not garbage here.
      lease.set(Math.min(lease.bytes, keptBytes * BYTES_PER_BODY_BYTE), false);
      lease.release();
    },
  };
}

/** A worker task of the current call finished: the oldest body it had read has been parsed. */
export function bodyConsumed(): void {
  currentScope()?.memory?.read.shift()?.release();
}
