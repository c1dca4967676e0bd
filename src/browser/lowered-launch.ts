// Chromium never runs above the service's CPU priority, and with URLKIT_BROWSER_NICE below it, as
// PDF and large-page processes do. It is started through chromium-below.sh, which takes from it
// the privilege to raise its threads' priority (as root with CAP_SYS_NICE the browser set a
// page's main thread, compositor and IO thread to nice -8), and lowers its threads' nice values
// and its session's autogroup by the setting: Playwright starts the browser in a session of its
// own, and under the kernel's autogroups that session's processes took one CPU of two against two
// busy processes of the service's session, whatever their threads' nice values (docs/browser.md,
// "Priority").
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The launcher, beside this module's source (dist/src/browser/ -> src/browser/). */
const LAUNCHER = fileURLToPath(new URL('../../../src/browser/chromium-below.sh', import.meta.url));

export interface LoweredLaunch {
  executablePath: string;
  env: Record<string, string>;
}

/**
 * What Playwright starts in place of `chromium`, `step` below the service, and its environment.
 * The launcher is a POSIX shell script: on Windows the browser itself is started, as it is.
 */
export function loweredLaunch(chromium: string, step: number): LoweredLaunch {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  if (process.platform === 'win32') return { executablePath: chromium, env };
  env.URLKIT_CHROMIUM_PATH = chromium;
  env.URLKIT_CHROMIUM_NICE_STEP = String(step);
  const own = autogroupNice();
  if (own !== null) env.URLKIT_CHROMIUM_AUTOGROUP = String(Math.min(19, own + step));
  return { executablePath: LAUNCHER, env };
}

/** This process's autogroup's nice value (Linux with autogroups: "/autogroup-N nice V"), or null. */
export function autogroupNice(pid: number | 'self' = 'self'): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim().split(' ');
    const nice = Number(fields[fields.length - 1]);
    return fields[fields.length - 2] === 'nice' && Number.isInteger(nice) ? nice : null;
  } catch {
    return null;
  }
}
