// Worker-thread entry for piscina: one function that dispatches a plain-data task to the
// pure extraction code. Nothing here touches the network.
import { cleanTask, type CleanRequest, type CleanResult } from './clean-task.js';
import { metadataTask, type MetadataRequest, type MetadataResult } from './metadata-task.js';

export type WorkerTask =
  | { kind: 'clean'; input: CleanRequest }
  | { kind: 'metadata'; input: MetadataRequest }
  /** Fault injection for the chunk-failure tests: the worker thread exits mid-task. */
  | { kind: 'crash' };

interface ResultByKind {
  clean: CleanResult;
  metadata: MetadataResult;
  crash: never;
}

export type WorkerTaskResult<K extends WorkerTask['kind']> = ResultByKind[K];

export default function runTask(task: WorkerTask): unknown {
  switch (task.kind) {
    case 'clean':
      return cleanTask(task.input);
    case 'metadata':
      return metadataTask(task.input);
    case 'crash':
      process.exit(1);
  }
}
