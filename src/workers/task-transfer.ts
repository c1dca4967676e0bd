// Large page texts go to a worker as UTF-8 bytes in a transferred buffer instead of as a string.
// postMessage copies a string through V8's serializer on the main thread; for a 5 MiB page that
// took 110 to 390 ms on the loaded 2-core machine, against 60 to 80 ms to encode it and a
// near-free transfer (bench/soak, docs/admission.md "Memory"). The worker decodes it back off
// the main thread. Unpaired surrogates (not text) become U+FFFD on the way, as in any UTF-8.
import type { WorkerTask } from './worker.js';

/** Bodies shorter than this are posted as they are (the serializer is cheap for them). */
export const TRANSFER_MIN_CHARS = 64 * 1024;

interface PackedText {
  urlkitUtf8: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function isPacked(v: unknown): v is PackedText {
  return typeof v === 'object' && v !== null && (v as Partial<PackedText>).urlkitUtf8 instanceof Uint8Array;
}

/** The task to post and the buffers to transfer with it. */
export function packTask(task: WorkerTask): { task: WorkerTask; transferList: ArrayBuffer[] } {
  if ((task.kind === 'clean' || task.kind === 'metadata') && typeof task.input.body === 'string' && task.input.body.length >= TRANSFER_MIN_CHARS) {
    const bytes = encoder.encode(task.input.body);
    const packed: PackedText = { urlkitUtf8: bytes };
    return { task: { ...task, input: { ...task.input, body: packed as unknown as string } } as WorkerTask, transferList: [bytes.buffer as ArrayBuffer] };
  }
  return { task, transferList: [] };
}

/** In the worker: the task with its text decoded again. */
export function unpackTask(task: WorkerTask): WorkerTask {
  if ((task.kind === 'clean' || task.kind === 'metadata') && isPacked(task.input.body)) {
    return { ...task, input: { ...task.input, body: decoder.decode((task.input.body as PackedText).urlkitUtf8) } } as WorkerTask;
  }
  return task;
}
