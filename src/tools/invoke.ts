// Runs one validated tool call under a deadline, for HTTP and the CLI alike. The tool gets an
// AbortSignal that fires on the request deadline or when the caller goes away (disconnect,
// shutdown). A tool is expected to stop then, keep the items that finished and report the
// unfinished ones as `timeout` (tools/stopped.ts); if it does not return within a short grace,
// every requested URL is reported as `timeout` so the caller still gets a complete 200
// envelope instead of a hung connection.
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { Services } from './types.js';
import { RequestDeadline, stoppedItemError } from './stopped.js';
import { linkedSignal } from '../util/linked-signal.js';
import type { Tool, ToolItem } from './types.js';
import { withoutShownUserinfo } from './shown-urls.js';

/** How long a tool may take to wrap up after its signal fired. */
export const ABORT_GRACE_MS = 1000;

export interface InvokeOptions {
  config: Config;
  services: Services;
  logger: Logger;
  correlationId: string;
  /** Whole-call deadline in ms (config.requestTimeoutMs for HTTP). */
  timeoutMs: number;
  /** Caller-side cancellation: client disconnect or shutdown. */
  signal?: AbortSignal;
  /**
   * The caller's own controller of that cancellation, in place of `signal` (HTTP: the one a
   * disconnect or shutdown aborts): the deadline then aborts it directly instead of a second
   * signal linked to it, one controller, listener and their garbage less per call.
   */
  controller?: AbortController;
  /**
   * Each item, exactly once, as soon as it is done (index in request order), as it will be in
   * the returned list; the items the tool did not hand over early come just before the return.
   */
  onItem?: (index: number, item: ToolItem) => void;
  /** When the caller has had its answer (ToolContext.afterAnswer). */
  afterAnswer?: (then: () => void) => void;
}

export { RequestDeadline };

export async function invokeTool(
  tool: Tool<unknown>,
  input: Record<string, unknown>,
  opts: InvokeOptions,
): Promise<ToolItem[]> {
  // The caller's signal, or the request deadline with its own reason; the deadline keeps the
  // process alive (a CLI call waiting on a hung tool still ends with its timed-out items).
  const link = opts.controller
    ? deadlineOn(opts.controller, opts.timeoutMs)
    : linkedSignal([opts.signal], opts.timeoutMs, () => new RequestDeadline(opts.timeoutMs), true);
  const signal = link.signal;
  let graceTimer: NodeJS.Timeout | undefined;
  const onAbort = () => {
    graceTimer = setTimeout(() => settleAsTimedOut(), ABORT_GRACE_MS);
  };
  let settleAsTimedOut: () => void = () => {};
  const gaveUp = new Promise<'gave-up'>((resolve) => {
    settleAsTimedOut = () => resolve('gave-up');
  });
  signal.addEventListener('abort', onAbort, { once: true });
  // What was handed over stays the answer for its index, even when the tool is given up on.
  const handedOver = new Map<number, ToolItem>();
  let ended = false;
  const handOver = (index: number, item: ToolItem) => {
    if (ended || !opts.onItem || handedOver.has(index)) return;
    const shown = withoutShownUserinfo([item])[0]!;
    handedOver.set(index, shown);
    opts.onItem(index, shown);
  };
  const answer = (items: ToolItem[]) => {
    const shown = withoutShownUserinfo(items).map((item, index) => handedOver.get(index) ?? item);
    shown.forEach((item, index) => handOver(index, item));
    ended = true;
    return shown;
  };
  try {
    const running = tool.run(input, {
      config: opts.config,
      services: opts.services,
      logger: opts.logger,
      signal,
      correlationId: opts.correlationId,
      ...(opts.onItem ? { onItem: handOver } : {}),
      ...(opts.afterAnswer ? { afterAnswer: opts.afterAnswer } : {}),
    });
    let outcome: ToolItem[] | 'gave-up';
    try {
      outcome = await Promise.race([running, gaveUp]);
    } catch (err) {
      // A tool that throws because it was aborted has not failed: its URLs timed out.
      if (!signal.aborted) throw err;
      outcome = 'gave-up';
    }
    if (outcome === 'gave-up') {
      running.catch(() => {}); // it may still settle later; nobody is listening
      return answer(timedOutItems(tool, input, signal.reason));
    }
    return answer(outcome);
  } finally {
    ended = true;
    if (graceTimer) clearTimeout(graceTimer);
    signal.removeEventListener('abort', onAbort);
    link.dispose();
  }
}

/** The request deadline armed on the caller's own controller; dispose() disarms it. */
function deadlineOn(controller: AbortController, timeoutMs: number): { signal: AbortSignal; dispose(): void } {
  const timer = controller.signal.aborted
    ? undefined
    : setTimeout(() => controller.abort(new RequestDeadline(timeoutMs)), timeoutMs);
  return { signal: controller.signal, dispose: () => clearTimeout(timer) };
}

/** The URLs a validated input asks for, in request order (url, or items for batches). */
export function requestedUrls(input: Record<string, unknown>): string[] {
  const items = input.items;
  if (Array.isArray(items)) {
    return items.map((i) => (typeof i === 'string' ? i : String((i as { url?: unknown }).url)));
  }
  return typeof input.url === 'string' ? [input.url] : [];
}

function timedOutItems(tool: Tool<unknown>, input: Record<string, unknown>, reason: unknown): ToolItem[] {
  const error = stoppedItemError(reason);
  return requestedUrls(input).map((url) => tool.failedItem?.(url, error) ?? { data: null, meta: { url, error } });
}
