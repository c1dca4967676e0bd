// What the browser holds outside its renderers: the browser process itself (where a page's Blobs
// are kept, outside any renderer's cap: a page making 8 MiB Blobs in a loop took it from 140 to
// 620 MiB PSS, given back when its context closed), its GPU process, network and storage
// services and zygotes. Renderers are left out: a page's has its cap (launch-options.ts), and
// the browser's own UI has one per window, which runs none of a page's code. Read from /proc
// (Linux; elsewhere 0, which never restarts the browser). PSS, so a child just forked and not
// yet a renderer adds nothing: its pages are shared with the browser's and split between them.
// The memory is read asynchronously (process-reads.ts): what that costs grows with what a page
// made the browser map, and none of it is the main thread's. The list of processes is read
// synchronously: walking /proc costs about 1.5 ms of the main thread whatever the pages hold
// (reading its files asynchronously cost about three times that in promise and request overhead).
import { ItemFailure } from '../errors/codes.js';
import { readMemory } from './process-reads.js';
import { commandLine, descendantsOf, residentCounters } from './process-table.js';

/** How often the list of the browser's processes is read again (walking /proc costs ~1.5 ms). */
const RELIST_MS = 1000;

/**
 * PSS in bytes of the browser process and its descendants other than renderers. Its processes
 * are listed again at most every RELIST_MS; one started meanwhile is not counted until then, and
 * one gone counts nothing.
 */
export class BrowserOwnMemory {
  private pids: number[] = [];
  private listedAt = -Infinity;
  /** The last read's PSS, and its processes' resident counters as it began. */
  private lastRead: { pss: number; counters: Map<number, number> } | null = null;

  constructor(private readonly pid: number) {}

  async read(): Promise<number> {
    if (performance.now() - this.listedAt >= RELIST_MS) {
      this.pids = [this.pid, ...descendantsOf(this.pid).filter((p) => !isRenderer(commandLine(p)))];
      this.listedAt = performance.now();
    }
    const pids = this.pids;
    const counters = new Map<number, number>();
    for (const pid of pids) counters.set(pid, residentCounters(pid) ?? 0);
    const memories = await Promise.all(pids.map(readMemory));
    const pss = memories.reduce((total, m) => total + (m?.pss ?? 0), 0);
    this.lastRead = { pss, counters };
    return pss;
  }

  /**
   * What they hold now, without walking any mappings (memory-watch.ts says why): the last read's
   * PSS plus how much the same processes' resident anonymous and shared memory (residentCounters)
   * grew since that read began; null before the first read. A page's Blobs are private pages of
   * the browser process, which grow both alike. Growth during a read may count twice, so the
   * estimate errs high until the next read ends. A process started since the last read is left
   * out until the next, as read() leaves it out.
   */
  estimate(): number | null {
    if (!this.lastRead) return null;
    let grown = 0;
    for (const [pid, before] of this.lastRead.counters) {
      const now = residentCounters(pid);
      if (now !== null) grown += now - before;
    }
    return this.lastRead.pss + grown;
  }
}

/**
 * Chromium rewrites a child's command line as one string and may cut its start, --type
 * included, so the switch only renderers get counts too.
 */
function isRenderer(cmd: string): boolean {
  return cmd.includes('--type=renderer') || cmd.includes('--renderer-client-id=');
}

/** The answer of a render whose browser was killed for its own memory's growth. */
export function browserOverMemory(maxMemoryMb: number): ItemFailure {
  return new ItemFailure(
    'response_too_large',
    `The browser's own memory grew past its bound while this page rendered (by more than ` +
      `URLKIT_BROWSER_MAX_MEMORY_MB, ${maxMemoryMb} MiB; a page's Blobs are kept there): the browser was restarted.`,
    { retryable: true },
  );
}
