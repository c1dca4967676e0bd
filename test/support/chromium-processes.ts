// Chromium's renderer processes under this test process, read from /proc (Linux): the page
// renderers (what a page's scripts run in, each under the render memory cap) and the browser's
// own UI renderers (`--top-chrome-webui`, one per window, which run none of a page's code).
import { autogroupNice } from '../../src/browser/lowered-launch.js';
import { commandLine, descendantsOf } from '../../src/browser/process-table.js';
import { threadNice } from './child-nice.js';

export interface LiveRenderers {
  page: number;
  ui: number;
}

/** The pids of this process's descendants that are running (zombies left out). */
export function descendants(): number[] {
  return descendantsOf(process.pid);
}

export function liveRenderers(): LiveRenderers {
  const live = { page: 0, ui: 0 };
  for (const pid of descendants()) {
    const cmd = commandLine(pid);
    if (!cmd.includes('--type=renderer')) continue;
    if (cmd.includes('--top-chrome-webui')) live.ui++;
    else live.page++;
  }
  return live;
}

/** The most renderers of each kind seen alive while `run` runs, sampled every `everyMs`. */
export async function peakRenderers<T>(
  run: () => Promise<T>,
  everyMs = 10,
): Promise<{ peak: LiveRenderers; value: T }> {
  const peak = { page: 0, ui: 0 };
  const sample = () => {
    const now = liveRenderers();
    peak.page = Math.max(peak.page, now.page);
    peak.ui = Math.max(peak.ui, now.ui);
  };
  const timer = setInterval(sample, everyMs);
  try {
    const value = await run();
    sample();
    return { peak, value };
  } finally {
    clearInterval(timer);
  }
}

/** This process's page renderers now (not the browser's own UI renderers). */
function pageRenderers(): number[] {
  return descendants().filter((pid) => {
    const cmd = commandLine(pid);
    return cmd.includes('--type=renderer') && !cmd.includes('--top-chrome-webui');
  });
}

/** What a page renderer runs at: every thread's nice value, and its autogroup's (null without). */
export interface RendererPriority {
  nices: number[];
  autogroup: number | null;
}

/** The priorities of this process's page renderers now (those that exit while read left out). */
export function pageRendererPriorities(): RendererPriority[] {
  return pageRenderers().flatMap((pid) => {
    try {
      return [{ nices: threadNice(pid), autogroup: autogroupNice(pid) }];
    } catch {
      return []; // an earlier render's renderer that exited meanwhile
    }
  });
}
