// One API process and N `urlkit worker` processes of the built CLI, the same commands as
// compose.yaml runs (`node dist/src/cli/main.js serve` / `... worker`), on loopback.
import { fileURLToPath } from 'node:url';
import { startChild, type Child } from '../integration/http/child-server.js';

export const CLI = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

export interface Cluster {
  api: Child;
  workers: Child[];
  stop(): Promise<void>;
}

export async function stopChild(child: Child): Promise<void> {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  child.proc.kill('SIGKILL');
  await child.exit;
}

/** env applies to every process; apiEnv/workerEnv on top. The API has URLKIT_ROLE=api unless set. */
export async function startCluster(
  workers: number,
  env: Record<string, string>,
  apiEnv: Record<string, string> = {},
  workerEnv: Record<string, string> = {},
): Promise<Cluster> {
  const started: Child[] = [];
  try {
    const ws = await Promise.all(
      Array.from({ length: workers }, () =>
        startChild(CLI, { ...env, ...workerEnv }, ['worker']).then((c) => (started.push(c), c)),
      ),
    );
    const api = await startChild(CLI, { URLKIT_ROLE: 'api', ...env, ...apiEnv }, ['serve']);
    started.push(api);
    return { api, workers: ws, stop: async () => void (await Promise.all(started.map(stopChild))) };
  } catch (err) {
    await Promise.all(started.map(stopChild));
    throw err;
  }
}
