// SIGTERM and SIGINT end every long-running urlkit process the same way (the API server, and
// `urlkit worker`): the first starts a drain (stop taking work, let the running work finish),
// and the process exits 0 once the drain is done, 1 if it fails or outlives its deadline.
// A repeat of the signal must not fall through to node's default, an exit on the spot that cuts
// off the work being drained: Ctrl-C under `npm start` or `npm run` reaches the process twice
// (from the terminal, to the whole process group, and again as npm forwards it to its child),
// and an orchestrator may send SIGTERM again. The drain under way is bounded by the deadline.

/** What a process does when it is asked to stop. */
export interface Drain {
  /** Stops taking work; resolves once the running work has ended and everything is closed. */
  stop(signal: NodeJS.Signals): Promise<unknown>;
  /** Past this (ms after the first signal) the process exits 1, whatever the drain is doing. */
  deadlineMs: number;
  /** Where a drain that fails or hangs is reported. */
  logger: { error(obj: unknown, msg?: string): void };
}

/** Wires SIGTERM and SIGINT to `drain`, once; the process exits when it ends. */
export function drainOnSignals(drain: Drain): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // A drain that hangs (a stuck worker, say) must not keep the process around forever.
    setTimeout(() => {
      drain.logger.error({ signal }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, drain.deadlineMs).unref();
    drain.stop(signal).then(
      () => process.exit(0),
      (err: unknown) => {
        drain.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
