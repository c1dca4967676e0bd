// A bench's target site in a child process of its own (the bench's module started again with
// `--serve`), so serving does not share the event loop or the CPU being measured. The child
// sends one message once it listens (its port, or ports) and exits when disconnected.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface TargetProcess<T> {
  child: ChildProcess;
  /** What the child sent once it listened. */
  ready: T;
  stop(): void;
}

/** Starts `moduleUrl` (the calling bench's `import.meta.url`) with `--serve` and waits for its message. */
export async function forkTarget<T>(moduleUrl: string): Promise<TargetProcess<T>> {
  const child = fork(fileURLToPath(moduleUrl), ['--serve'], { stdio: 'inherit' });
  const ready = await new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  return {
    child,
    ready,
    stop: () => {
      if (child.connected) child.disconnect();
      child.kill();
    },
  };
}
