// An abort signal that follows other signals and an optional timer, and is detached again when
// its work ends. AbortSignal.any and AbortSignal.timeout do the same job, but each call costs
// about 40 us of main-thread CPU with the garbage it leaves (weak references and finalizers per
// dependent signal; measured 36-49 us for timeout + any against 1.3 us for this), and a content
// call made five of them.

export interface LinkedSignal {
  readonly signal: AbortSignal;
  /** Whether the timer (not a parent, not abort()) aborted it. */
  readonly timedOut: boolean;
  abort(reason?: unknown): void;
  /** Stops following the parents and clears the timer. Call it when the work ends. */
  dispose(): void;
}

/**
 * Aborts when any of `parents` aborts (with its reason), when `timeoutMs` passes (with
 * `timeoutReason()`, by default a DOMException named TimeoutError like AbortSignal.timeout's),
 * or on abort(). Undefined parents are skipped.
 */
export function linkedSignal(
  parents: ReadonlyArray<AbortSignal | undefined>,
  timeoutMs?: number,
  timeoutReason?: () => unknown,
  /** Let the pending timer keep the process alive (a deadline someone waits on). */
  keepAlive = false,
): LinkedSignal {
  const ctl = new AbortController();
  const listeners: Array<[AbortSignal, () => void]> = [];
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const dispose = () => {
    clearTimeout(timer);
    for (const [p, l] of listeners) p.removeEventListener('abort', l);
    listeners.length = 0;
  };
  for (const p of parents) {
    if (!p) continue;
    if (p.aborted) {
      ctl.abort(p.reason);
      break;
    }
    const l = () => {
      ctl.abort(p.reason);
      dispose();
    };
    p.addEventListener('abort', l, { once: true });
    listeners.push([p, l]);
  }
  if (!ctl.signal.aborted && timeoutMs !== undefined) {
    timer = setTimeout(() => {
      timedOut = true;
      ctl.abort(timeoutReason ? timeoutReason() : new DOMException('The operation timed out.', 'TimeoutError'));
      dispose();
    }, timeoutMs);
    // By default like AbortSignal.timeout: a pending timer alone does not keep the process alive.
    if (!keepAlive) timer.unref();
  }
  if (ctl.signal.aborted) dispose();
  return {
    signal: ctl.signal,
    get timedOut() {
      return timedOut;
    },
    abort(reason?: unknown) {
      ctl.abort(reason);
      dispose();
    },
    dispose,
  };
}
