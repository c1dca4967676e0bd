// Where a service's resident memory is, read from outside through /proc (Linux): the main
// process's mappings from smaps, sorted into glibc malloc arenas, the brk heap, other anonymous
// memory (V8 heaps of the main and worker threads, large malloc blocks, stacks) and files (code);
// plus each descendant process (PDF readers, browsers) and the main thread's V8 figures from
// /metrics. Used by bench:hostile and bench:soak at their highest sample.
import { readFileSync, readdirSync } from 'node:fs';
import { scrapeMetrics } from './service-metrics.js';

export interface MemoryBreakdown {
  /** The whole tree's RSS, MiB. */
  tree: number;
  /** The service process (all its threads), MiB. */
  main: number;
  /** glibc arenas of threads other than the main one (64 MiB-aligned heaps), MiB resident. */
  arenas: number;
  /** How many such arenas exist. */
  arenaCount: number;
  /** The main arena (brk [heap]), MiB resident. */
  brk: number;
  /** Other anonymous memory: V8 heaps of every thread, large malloc blocks, stacks, MiB. */
  anonOther: number;
  /** File-backed memory (node binary, libraries), MiB. */
  file: number;
  /** Descendant processes: command and RSS in MiB. */
  children: Array<{ pid: number; what: string; mib: number }>;
  /**
   * The tree's proportional set size (MiB): pages shared between its processes (node's code,
   * which every child process maps too) counted once, not once per process as in `tree`.
   */
  treePss: number;
  /** From /metrics (main thread only), MiB; NaN when not read. */
  heapTotal: number;
  heapUsed: number;
  external: number;
  /** Sum of the worker threads' heap in use after their last task, MiB. */
  workerHeapUsed: number;
}

const ARENA_BYTES = 64 * 1024 * 1024;
const MIB = 1024;

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  path: string;
  rssKiB: number;
}

function mappings(pid: number): Mapping[] {
  const out: Mapping[] = [];
  let current: Mapping | null = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) {
      // address perms offset device inode [path]
      const fields = line.split(' ').filter(Boolean);
      const [start, end] = fields[0]!.split('-');
      current = {
        start: BigInt(`0x${start}`),
        end: BigInt(`0x${end}`),
        perms: fields[1]!,
        path: fields.slice(5).join(' '),
        rssKiB: 0,
      };
      out.push(current);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) current.rssKiB = Number(rss[1]);
  }
  return out;
}

function vmRssKiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

function descendants(pid: number): number[] {
  const found: number[] = [];
  const pending = [pid];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    try {
      for (const task of readdirSync(`/proc/${next}/task`))
        for (const child of readFileSync(`/proc/${next}/task/${task}/children`, 'utf8').split(' '))
          if (child.trim()) {
            found.push(Number(child));
            pending.push(Number(child));
          }
    } catch {
      /* ended while read */
    }
  }
  return found;
}

function command(pid: number): string {
  try {
    let args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    // Chromium's child processes rewrite theirs as one string.
    if (args.length === 1) args = args[0]!.split(' ');
    // The program and its script (Chromium's: its process type): the flags in between are long
    // and the same each time.
    const base = (a: string | undefined) => a?.split('/').pop() ?? '';
    const type = args.find((a) => a.startsWith('--type='));
    return `${base(args[0])} ${type ?? base(args.at(-1))}`;
  } catch {
    return '?';
  }
}

/** Proportional set size of `pid` (KiB), 0 when it cannot be read. */
function pssKiB(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The breakdown of `pid`'s tree now (smaps is read once: call it at a peak, not every 100 ms). */
export function memoryBreakdown(pid: number): MemoryBreakdown {
  const maps = mappings(pid);
  let arenas = 0;
  let arenaCount = 0;
  let brk = 0;
  let file = 0;
  let anon = 0;
  for (let i = 0; i < maps.length; i++) {
    const m = maps[i]!;
    if (m.path === '[heap]') brk += m.rssKiB;
    else if (m.path.startsWith('/')) file += m.rssKiB;
    else if (m.path === '') {
      // A glibc arena: a 64 MiB-aligned reservation, its used head read-write and the rest
      // PROT_NONE, the two adjacent and 64 MiB together.
      const next = maps[i + 1];
      const aligned = m.start % BigInt(ARENA_BYTES) === 0n && m.perms.startsWith('rw');
      const whole = m.end - m.start === BigInt(ARENA_BYTES);
      const withTail =
        next !== undefined &&
        next.path === '' &&
        next.perms.startsWith('---') &&
        next.start === m.end &&
        next.end - m.start === BigInt(ARENA_BYTES);
      if (aligned && (whole || withTail)) {
        arenas += m.rssKiB;
        arenaCount++;
      } else anon += m.rssKiB;
    } else anon += m.rssKiB; // [stack], [vdso], ...
  }
  const children = descendants(pid).map((c) => ({ pid: c, what: command(c), mib: vmRssKiB(c) / MIB }));
  const main = vmRssKiB(pid) / MIB;
  return {
    tree: main + children.reduce((n, c) => n + c.mib, 0),
    treePss: [pid, ...children.map((c) => c.pid)].reduce((n, p) => n + pssKiB(p), 0) / MIB,
    main,
    arenas: arenas / MIB,
    arenaCount,
    brk: brk / MIB,
    anonOther: anon / MIB,
    file: file / MIB,
    children,
    heapTotal: NaN,
    heapUsed: NaN,
    external: NaN,
    workerHeapUsed: NaN,
  };
}

/** Adds the main thread's V8 figures and the workers' heaps from the service's /metrics. */
export async function withMetrics(b: MemoryBreakdown, origin: string): Promise<MemoryBreakdown> {
  try {
    const m = await scrapeMetrics(origin, 2000);
    const mib = (name: string) => m.value(`urlkit_${name}`) / 2 ** 20;
    return {
      ...b,
      heapTotal: mib('nodejs_heap_size_total_bytes'),
      heapUsed: mib('nodejs_heap_size_used_bytes'),
      external: mib('nodejs_external_memory_bytes'),
      workerHeapUsed: mib('worker_heap_used_bytes'),
    };
  } catch {
    return b;
  }
}

export const BREAKDOWN_HEADER =
  '| row | tree | tree PSS | main process | V8 main heap (used) | external | worker heaps used | malloc arenas (n) | ' +
  'brk heap | other anon (V8 heaps, big blocks, stacks) | files | child processes |';
export const BREAKDOWN_RULE = '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|';

export function breakdownRow(label: string, b: MemoryBreakdown): string {
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
  const kids = b.children.length === 0 ? '-' : b.children.map((c) => `${c.what} ${f(c.mib)}`).join('; ');
  return (
    `| ${label} | ${f(b.tree)} | ${f(b.treePss)} | ${f(b.main)} | ${f(b.heapTotal)} (${f(b.heapUsed)}) | ` +
    `${f(b.external)} | ` +
    `${f(b.workerHeapUsed)} | ${f(b.arenas)} (${b.arenaCount}) | ${f(b.brk)} | ${f(b.anonOther)} | ` +
    `${f(b.file)} | ${kids} |`
  );
}

/**
 * Samples the tree's RSS every `everyMs` (as rssSampler does) and keeps the breakdown of the
 * highest sample it took one of (at most one every 500 ms, smaps being slow to read). With
 * `readEveryMs`, it reads a breakdown at that fixed pace instead of at each new peak, so that
 * its own cost (the service's /metrics on its main thread, its smaps walked under its memory map
 * lock) is the same whether the service's memory grows or not.
 */
export function breakdownSampler(
  pid: number,
  origin: string,
  treeMiB: () => number,
  everyMs = 100,
  readEveryMs?: number,
): { stop(): Promise<{ peak: number; at: MemoryBreakdown | null }> } {
  let peak = treeMiB();
  let at: MemoryBreakdown | null = null;
  let lastTaken = 0;
  let taking = false;
  const t = setInterval(() => {
    const now = treeMiB();
    peak = Math.max(peak, now);
    const due =
      readEveryMs === undefined
        ? now > (at?.tree ?? 0) && performance.now() - lastTaken >= 500
        : performance.now() - lastTaken >= readEveryMs;
    if (taking || !due) return;
    taking = true;
    lastTaken = performance.now();
    let b: MemoryBreakdown;
    try {
      b = memoryBreakdown(pid);
    } catch {
      taking = false;
      return;
    }
    void withMetrics(b, origin).then((full) => {
      if (full.tree > (at?.tree ?? 0)) at = full;
      taking = false;
    });
  }, everyMs);
  return {
    async stop() {
      clearInterval(t);
      peak = Math.max(peak, treeMiB());
      while (taking) await new Promise((r) => setTimeout(r, 50));
      return { peak, at };
    },
  };
}
