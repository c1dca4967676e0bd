// The program a large-page process runs (page-processes.ts starts it): the same clean and
// metadata tasks as a worker thread (worker.ts), one page at a time (child-jobs.ts), every
// thread of the process at a lower OS priority than the service's. The page's bytes come on
// stdin and are decoded here, as a worker thread decodes them. It has no socket and opens no file.
import { serveJobs } from './child-jobs.js';
import { NICE_STEP, lowerPriority } from './lower-priority.js';
import type { PageJobInput } from './page-processes.js';

lowerPriority(NICE_STEP);

// Loaded after the priority is lowered, so the loading runs lower too; jobs that come meanwhile wait.
const ready = (async () => {
  const [{ default: runTask }, { loadEncoding }, { engineGc }] = await Promise.all([
    import('./worker.js'),
    import('../render/token-count.js'),
    import('../util/engine-gc.js'),
  ]);
  // Every cleaned answer counts its tokens (meta.tokens).
  loadEncoding();
  return { runTask, gc: engineGc() };
})();

serveJobs<PageJobInput, unknown>(async ({ task, charset, decoded }, bytes) => {
  const { runTask, gc } = await ready;
  const body = { bytes, charset, decoded };
  try {
    return await runTask({ kind: task.kind, input: { ...task.input, body } } as Parameters<typeof runTask>[0]);
  } finally {
    // The page's garbage goes before the process reports its memory and waits idle for the next.
    gc?.();
  }
}, ready);
