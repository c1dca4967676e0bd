// The program a PDF process runs (pdf-processes.ts starts it under a data-segment limit): it
// reads PDFs one at a time (child-jobs.ts) and answers each with the document read and laid out
// (rendering and token counting are left to a worker thread). It has no socket and opens no file.
// Every thread of it runs at a lower OS priority than the service's, as a large-page process
// does: under hostile row 5 each bomb ends its process at the memory limit, and the next one's
// start and inflation took 0.75 of the machine's two CPUs beside the honest calls (bench:hostile).
import { serveJobs } from './child-jobs.js';
import { NICE_STEP, lowerPriority } from './lower-priority.js';
import type { PdfRead, PdfRequest } from './pdf-read-blocks.js';

/** A PDF job's input: the request without its bytes, which come on stdin. */
export type PdfJobInput = Omit<PdfRequest, 'bytes'>;

lowerPriority(NICE_STEP);

// pdf.js is loaded after the priority is lowered, so the loading runs lower too.
const reader = import('./pdf-read-blocks.js');

serveJobs<PdfJobInput, PdfRead>(
  async (input, bytes) =>
    // The bytes are this process's own: pdf.js may have them rather than a copy.
    (await reader).readPdfBlocks({ ...input, bytes, giveBytes: true }),
  reader,
);
