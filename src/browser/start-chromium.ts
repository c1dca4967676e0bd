// Starting the Chromium process with urlkit's switches (launch-options.ts): never above the
// service's CPU priority (lowered-launch.ts), its renderers under the memory cap when there is
// one, and Playwright's own signal handlers off (the service ends the browser itself).
// playwright-core is imported only here and then, so a service without URLKIT_BROWSER never
// loads it.
import type { Browser } from 'playwright-core';
import type { Config } from '../config/config.js';
import { ItemFailure } from '../errors/codes.js';
import { chromiumArgs, findPrlimit, rendererMemoryArgs } from './launch-options.js';
import { loweredLaunch } from './lowered-launch.js';

/** How long the browser may take to start, and then to say its pid. */
export const LAUNCH_TIMEOUT_MS = 30_000;

/** Starts Chromium (`config.browserPath`) with its proxy at `sinkhole` (host:port). */
export async function startChromium(config: Config, sinkhole: string): Promise<Browser> {
  const args = chromiumArgs(sinkhole);
  const maxMemoryMb = config.browserMaxMemoryMb;
  if (maxMemoryMb > 0) {
    const prlimit = findPrlimit();
    if (!prlimit)
      throw new ItemFailure(
        'connect_error',
        'The browser was not started: capping a page at URLKIT_BROWSER_MAX_MEMORY_MB needs prlimit (util-linux); ' +
          'install it, or set URLKIT_BROWSER_MAX_MEMORY_MB=0 to render without a cap.',
      );
    args.push(...rendererMemoryArgs(maxMemoryMb, prlimit));
  }
  const { chromium } = await import('playwright-core');
  try {
    return await chromium.launch({
      ...loweredLaunch(config.browserPath!, config.browserNice),
      args,
      headless: true,
      chromiumSandbox: false,
      // Two of Playwright's default switches are dropped: a render needs Chromium's navigation
      // flood protection (a page may set its hash or push history entries 200 times in 10 s, no
      // more) and its popup blocker (no window opens without a user's click). Each navigation and
      // each window is work for the service's main thread: a page pushing 20,000 history entries
      // a second held a DOM read for 90 s, and one opening 2,000 windows took 2.2 s of its CPU.
      ignoreDefaultArgs: ['--disable-ipc-flooding-protection', '--disable-popup-blocking'],
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      timeout: LAUNCH_TIMEOUT_MS,
    });
  } catch (err) {
    throw new ItemFailure('connect_error', 'The browser could not be started.', { cause: err, retryable: true });
  }
}
