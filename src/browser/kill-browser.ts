// Ending a browser, whatever state it is in: a hung or stopped one never answers Playwright's
// close, so its process group is killed instead.
import type { Browser } from 'playwright-core';
import { beforeTime } from '../util/before-time.js';

/** How long a browser may take to close before its process group is killed. */
const CLOSE_MS = 3000;

/**
 * Closes `browser`; one that does not close within CLOSE_MS (hung, or stopped), or at once when
 * `now`, has its process group killed: Playwright started it as the leader of a group of its
 * own (`pid`), its children with it.
 */
export async function killBrowser(browser: Browser, pid: number | null, now = false): Promise<void> {
  const closing = browser.close();
  const closed =
    !now &&
    (await beforeTime(closing, CLOSE_MS).then(
      () => true,
      () => false,
    ));
  if (closed || pid === null) return;
  for (const target of [-pid, pid])
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // already gone
    }
  // Playwright sees the process end and settles the close.
  await beforeTime(closing, CLOSE_MS).catch(() => {});
}
