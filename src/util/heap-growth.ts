// How far V8 lets a heap grow past what its last full collection kept. By default it picks a
// factor of 1.1 to 4 from how fast the program allocates against how fast it collects; a service
// that reads strangers' pages allocates fast (bodies, headers, redirect chains, parsed trees), so
// V8 picks the high end. Under hostile row 4 (bench:hostile: batches of redirect chains with
// 15 KB Locations) the main thread's heap was 133-193 MiB reserved and the process 430-447 MiB,
// against a 400 MB bound; with a factor of 1.5, 120-137 MiB and 362-387 MiB. A factor of 1.25
// held 349-365 MiB but cost check_url_status about 13% of its answers a second at 400
// connections (more collections on the main thread); 1.5 cost it about 8% (docs/admission.md,
// "Memory"). The flag is process-wide: the worker threads' heaps follow it too.
import { setFlagsFromString } from 'node:v8';

/** Heap growth after a full collection, in percent of what it kept. */
const HEAP_GROWING_PERCENT = 50;

/** Sets V8's heap growth for this process; V8 reads it at each collection, so it holds from now on. */
export function limitHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
