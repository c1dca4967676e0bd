// What the server processes (`npm start`, `urlkit serve`, `urlkit worker`) need from their start,
// which cannot be set once they run: Node reads its flags and glibc its allocator settings when
// the process starts. A server started without them replaces itself at once with the same program
// under the same pid, arguments and stdio, now with them (process.execve), so a process manager
// still sees the pid it started. The entries check before the service's modules load, so a
// restart loads them once. An operator's own values are kept.
//
// - glibc's allocator settings (Linux; docs/admission.md, "Memory"), as `npm start`'s script and
//   compose.yaml set them.
// - On Node 22, AsyncContextFrame (`--experimental-async-context-frame`, Node 24's default): the
//   caller of every piece of work is an AsyncLocalStorage scope (admission/call-scope.ts), and
//   without the frame Node keeps it through promise hooks, a JavaScript call at every promise's
//   creation and every continuation on the main thread (docs/admission.md, "Benchmarks").

/** The allocator settings and their values, as in package.json's start script. */
export const ALLOCATOR_SETTINGS: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '65536',
};

/** Node 22's flag for what Node 24 does by default (Node 24 refuses the flag). */
export const CONTEXT_FRAME_FLAG = '--experimental-async-context-frame';

/**
 * `env` plus the allocator settings it lacks (unset or empty, as the npm script's
 * `${X:-default}`), or null when it has them all.
 */
export function withAllocatorSettings(env: NodeJS.ProcessEnv): Record<string, string> | null {
  const missing = Object.keys(ALLOCATOR_SETTINGS).filter((name) => !env[name]);
  if (missing.length === 0) return null;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) out[name] = value;
  for (const name of missing) out[name] = ALLOCATOR_SETTINGS[name]!;
  return out;
}

/**
 * Whether a Node of `nodeVersion` started with `execArgv` and `nodeOptions` (NODE_OPTIONS) needs
 * CONTEXT_FRAME_FLAG: on Node 22 unless the flag, or its `--no-` form, was given either way.
 */
export function needsContextFrameFlag(
  nodeVersion: string,
  execArgv: readonly string[],
  nodeOptions: string | undefined,
): boolean {
  if (nodeVersion.split('.', 1)[0] !== '22') return false;
  const given = [...execArgv, ...(nodeOptions ?? '').split(' ')];
  return !given.some((arg) => arg.endsWith('async-context-frame'));
}

/**
 * Replaces this process with itself under the start settings when it lacks any. Returns only
 * when it does not: then with null when nothing was needed, or a warning to log saying what to
 * set (a Node without process.execve, or an exec that failed).
 */
export function execWithStartSettings(): string | null {
  const env = process.platform === 'linux' ? withAllocatorSettings(process.env) : null;
  const flag = needsContextFrameFlag(process.versions.node, process.execArgv, process.env.NODE_OPTIONS);
  if (!env && !flag) return null;
  const settings = Object.entries(ALLOCATOR_SETTINGS).map(([name, value]) => `${name}=${value}`);
  const advice = [
    env &&
      `set ${settings.join(' and ')} in its environment (as npm start does) to bound the allocator memory ` +
        '(docs/admission.md#memory)',
    flag && `start node with ${CONTEXT_FRAME_FLAG} for less main-thread CPU a call`,
  ]
    .filter(Boolean)
    .join('; ');
  if (typeof process.execve !== 'function')
    return `this Node (${process.version}) cannot restart the server with its start settings: ${advice}`;
  try {
    const args = [
      process.execPath,
      ...process.execArgv,
      ...(flag ? [CONTEXT_FRAME_FLAG] : []),
      ...process.argv.slice(1),
    ];
    return process.execve(process.execPath, args, env ?? process.env);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return `restarting with the start settings failed (${why}): ${advice}`;
  }
}
