// A task as the pool posts it to a worker thread: a large already-decoded page text as its UTF-8
// bytes, with the id its start message carries and its item's deadline (task-start.ts), and the
// buffers that move with it (a fetched page's bytes: page-bytes.ts).
import { compactText } from '../fetch/fetched-body.js';
import { movedBuffers } from './page-bytes.js';
import type { Posted } from './task-start.js';
import type { WorkerTask } from './worker.js';

/** A task as posted to a worker thread, with its start id and its item's deadline. */
export function posting(task: WorkerTask, startId: number, startBy: number | undefined): Posted<WorkerTask> {
  return { task: compactTask(task), startId, ...(startBy === undefined ? {} : { startBy }) };
}

/** The buffers a task's page moves to the worker in (none for a task that carries no page bytes). */
export function transferOf(task: WorkerTask): ArrayBuffer[] {
  return task.kind === 'clean' || task.kind === 'metadata' ? movedBuffers(task.input.body) : [];
}

/** The task as posted: a large already-decoded page text goes as its UTF-8 bytes (compactText). */
export function compactTask(task: WorkerTask): WorkerTask {
  if ((task.kind !== 'clean' && task.kind !== 'metadata') || typeof task.input.body !== 'string') return task;
  const body = compactText(task.input.body);
  return body === task.input.body ? task : ({ ...task, input: { ...task.input, body } } as WorkerTask);
}
