// A task as the pool posts it to a worker thread: a large already-decoded page text as its UTF-8
// bytes (page-bytes.ts), with the id its start message carries and its item's deadline
// (task-start.ts), and the buffers that move with it (the page's bytes).
import { movedBuffers, textBytes } from './page-bytes.js';
import type { Posted } from './task-start.js';
import type { WorkerTask } from './worker.js';

/**
 * Decoded texts of at least this many characters cross to a worker as their UTF-8 bytes, moved
 * (compactTask); shorter ones are posted as they are, which is cheap at that size.
 */
export const COMPACT_MIN_CHARS = 64 * 1024;

/** A task as posted to a worker thread, with its start id and its item's deadline. */
export function posting(task: WorkerTask, startId: number, startBy: number | undefined): Posted<WorkerTask> {
  return { task: compactTask(task), startId, ...(startBy === undefined ? {} : { startBy }) };
}

/** The buffers a posted task's page moves to the worker in (none without page bytes). */
export function transferOf(task: WorkerTask): ArrayBuffer[] {
  return task.kind === 'clean' || task.kind === 'metadata' ? movedBuffers(task.input.body) : [];
}

/**
 * The task as posted: a large already-decoded page text (browser-rendered HTML, direct calls) goes
 * as its UTF-8 bytes, like a fetched page. A two-byte string (one character outside Latin-1 makes
 * V8 store two bytes a character) is copied through V8's serializer on the main thread, which took
 * 110 to 390 ms for 5 MiB on the loaded machine (docs/admission.md); its UTF-8 bytes are at most
 * half the size, and move with no copy.
 */
export function compactTask(task: WorkerTask): WorkerTask {
  if ((task.kind !== 'clean' && task.kind !== 'metadata') || typeof task.input.body !== 'string') return task;
  if (task.input.body.length < COMPACT_MIN_CHARS) return task;
  return { ...task, input: { ...task.input, body: textBytes(task.input.body) } } as WorkerTask;
}
