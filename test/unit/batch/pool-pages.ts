// Pages the worker-pool tests use as faults, as metadata tasks: one that answers at once, one
// that takes seconds, one whose tree needs more than a 256 MiB worker heap; and a wait for what
// the pool reports after the fact (an ended worker is counted on its thread's exit).
import { WorkerPool } from '../../../src/workers/pool.js';
import { testConfig } from '../../support/loopback-server.js';
import { until as untilWithin } from '../../support/until.js';

const MiB = 1024 * 1024;

export function metadataOf(body: string) {
  return {
    kind: 'metadata' as const,
    input: { body, bodyKind: 'html' as const, finalUrl: 'https://w.example/', headers: {}, includeContent: true },
  };
}

export const page = metadataOf('<title>Alive</title>');
export const para = '<p>' + 'Words of a long page that goes on and on. '.repeat(8) + '</p>\n';
/** A paragraph with a link every few words: the content rules read each link's share of its block. */
const linkedPara = '<p>Words <a href="/a">of a</a> long <a href="/b">page that</a> goes on and on, again. </p>\n';
/** 10 MiB of such paragraphs: about 4 s of a worker on a quiet 2-CPU machine, so more than the
 *  pool's 1 s abandon grace on a machine several times faster; it fits a 256 MiB heap. (Plain
 *  paragraphs of the same size take a quarter of that since the measures' plain-text path.) */
export const long = metadataOf(`<title>Long</title>${linkedPara.repeat(Math.floor((10 * MiB) / linkedPara.length))}`);
/** 3,000,000 tiny elements (24 MB): their tree needs more than a 256 MiB heap. */
export const dense = metadataOf('<i>a</i>'.repeat(3_000_000));
/**
 * The pools' task budget in these tests. The tests that check a budget give their task one of its
 * own; for the others it only has to outlast a task on a loaded machine, where the long page took
 * over 60 s at load 25 and `dense` 47 s (14 s of CPU) at load 16, against 4 s and 11-13 s quiet.
 * At 60 s both failed at times as a timeout. A memory cap that stopped working would let `dense`
 * pass, not hang.
 */
export const TEST_BUDGET_MS = 20 * 60_000;

/**
 * How long `until` waits for what the pool reports after the fact. The callers wait for a task to
 * end (the pool idle after the long pages, a task finishing within the abandon grace) and for an
 * ended worker to be counted on its thread's exit: on a loaded machine a task can run as long as
 * its budget allows (the long page took over 60 s at load 25), so the wait is the same budget,
 * and only a pool that never gets there fails.
 */
export const UNTIL_MS = TEST_BUDGET_MS;

export function until(what: string, cond: () => boolean): Promise<void> {
  return untilWithin(what, cond, UNTIL_MS);
}

/**
 * A pool of `threads` worker threads with large pages parsed in them too (no page processes:
 * page-processes.test.ts covers those), the tests' task budget and a 256 MiB worker heap.
 */
export function threadPool(threads: number): WorkerPool {
  return new WorkerPool(
    testConfig({
      largePageProcesses: 0,
      workerThreads: threads,
      workerTaskTimeoutMs: TEST_BUDGET_MS,
      workerMaxMemoryMb: 256,
    }),
  );
}
