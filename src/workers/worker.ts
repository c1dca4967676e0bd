// Worker-thread entry for piscina: one function that dispatches a plain-data task to the
// pure extraction code. Nothing here touches the network.
import { cleanTask, type CleanRequest, type CleanResult } from './clean-task.js';
import { metadataTask, type MetadataRequest, type MetadataResult } from './metadata-task.js';
import {
  pdfTask,
  renderPdf,
  type PdfRead,
  type PdfRenderOptions,
  type PdfRequest,
  type PdfResult,
} from './pdf-task.js';

export type WorkerTask =
  | { kind: 'clean'; input: CleanRequest }
  | { kind: 'metadata'; input: MetadataRequest }
  /** A PDF's text and document info, for the cleaners and the metadata fetcher. */
  | { kind: 'pdf'; input: PdfRequest }
  /** A PDF read in a PDF process, rendered (the pool posts it after the read: pool.ts). */
  | { kind: 'pdf-render'; input: { read: PdfRead; options: PdfRenderOptions } };

interface ResultByKind {
  clean: CleanResult;
  metadata: MetadataResult;
  pdf: PdfResult;
  'pdf-render': PdfResult;
}

export type WorkerTaskResult<K extends WorkerTask['kind']> = ResultByKind[K];

export default function runTask(task: WorkerTask): unknown {
  switch (task.kind) {
    case 'clean':
      return cleanTask(task.input);
    case 'metadata':
      return metadataTask(task.input);
    case 'pdf':
      return pdfTask(task.input);
    case 'pdf-render':
      return renderPdf(task.input.read, task.input.options);
  }
}
