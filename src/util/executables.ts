// Finding a program the service or its tests run (prlimit, Chromium, redis-server) among the
// places it is installed: the first path that is an executable file for this process.
import { accessSync, constants } from 'node:fs';

/** The first of `paths` this process may execute, or null when there is none. */
export function firstExecutable(paths: Iterable<string>): string | null {
  for (const path of paths) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not there, or not executable: the next
    }
  }
  return null;
}
