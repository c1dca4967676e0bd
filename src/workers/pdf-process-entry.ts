// The program a PDF process runs (pdf-processes.ts starts it under a data-segment limit): it
// reads PDFs one at a time (child-jobs.ts) and answers each with the document read and laid out
// (rendering and token counting are left to a worker thread). It has no socket and opens no file.
import { serveJobs } from './child-jobs.js';
import { readPdfBlocks, type PdfRead, type PdfRequest } from './pdf-read-blocks.js';

/** A PDF job's input: the request without its bytes, which come on stdin. */
export type PdfJobInput = Omit<PdfRequest, 'bytes'>;

serveJobs<PdfJobInput, PdfRead>((input, bytes) =>
  // The bytes are this process's own: pdf.js may have them rather than a copy.
  readPdfBlocks({ ...input, bytes, giveBytes: true }),
);
