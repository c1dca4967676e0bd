// What the browser holds outside its renderers: the browser process itself (where a page's Blobs
// are kept, outside any renderer's cap: a page making 8 MiB Blobs in a loop took it from 140 to
// 620 MiB PSS, given back when its context closed), its GPU process, network and storage
// services and zygotes. Renderers are left out: a page's has its cap (launch-options.ts), and
// the browser's own UI has one per window, which runs none of a page's code. Read from /proc
// (Linux; elsewhere 0, which never restarts the browser). PSS, so a child just forked and not
// yet a renderer adds nothing: its pages are shared with the browser's and split between them.
import { commandLine, descendantsOf, memoryOf } from './process-table.js';

/** PSS in bytes of the browser process `pid` and its descendants other than renderers. */
export function browserOwnMemory(pid: number): number {
  let total = memoryOf(pid)?.pss ?? 0;
  for (const p of descendantsOf(pid)) if (!isRenderer(commandLine(p))) total += memoryOf(p)?.pss ?? 0;
  return total;
}

/**
 * Chromium rewrites a child's command line as one string and may cut its start, --type
 * included, so the switch only renderers get counts too.
 */
function isRenderer(cmd: string): boolean {
  return cmd.includes('--type=renderer') || cmd.includes('--renderer-client-id=');
}
