// glibc's allocator settings the service runs with (docs/admission.md, "Memory"), as `npm start`
// and compose.yaml set them. glibc reads them once, when a process starts, so `urlkit serve` and
// `urlkit worker` started without them replace themselves with the same program under the same
// pid, arguments and stdio, now with them (process.execve): the bin runs the server as
// `npm start` does, and a process manager still sees the pid it started. An operator's own
// values are kept, as in the npm script.

/** The settings and their values, as in package.json's start script. */
export const ALLOCATOR_SETTINGS: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '65536',
};

/**
 * `env` plus the settings it lacks (unset or empty, as the npm script's `${X:-default}`), or
 * null when it has them all.
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
 * Replaces this process with itself under the allocator settings when it lacks them (Linux:
 * they are glibc's). Returns only when it does not: then with null when nothing was needed, or
 * a warning to log saying what to set (a Node without process.execve, before 22.15, or an exec
 * that failed).
 */
export function execWithAllocatorSettings(): string | null {
  if (process.platform !== 'linux') return null;
  const env = withAllocatorSettings(process.env);
  if (!env) return null;
  const advice =
    'set MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=65536 in its environment (as npm start does) ' +
    'to bound the allocator memory (docs/admission.md#memory)';
  if (typeof process.execve !== 'function')
    return `this Node (${process.version}) cannot restart the server with the allocator settings: ${advice}`;
  try {
    return process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], env);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return `restarting with the allocator settings failed (${why}): ${advice}`;
  }
}
