// The glue between the cleaners and the browser: only clean_web_index carries `render`, and
// only a service started with URLKIT_BROWSER has a browser pool. Returns null when the
// delivered result stands.
import { isWebPage } from '../../fetch/body-kind.js';
import { decodeText } from '../../fetch/decode.js';
import type { Profile } from '../../extract/blocks.js';
import type { ItemError } from '../../errors/codes.js';
import type { FetchResult } from '../../fetch/types.js';
import type { CleanRequest, CleanResult } from '../../workers/clean-task.js';
import { needsRender, renderAndClean, type RenderMode } from '../../browser/render-step.js';
import type { CleanInput } from '../clean-web-content.js';
import type { ToolContext } from '../types.js';

export interface RenderIfNeededInput {
  input: CleanInput & { render?: RenderMode };
  ctx: ToolContext;
  requested: Profile;
  document: FetchResult;
  /** The clean task's settings as it ran on the delivered HTML (its page is `document`'s body). */
  clean: Omit<CleanRequest, 'body'>;
  delivered: CleanResult;
  deadlineAt: number;
}

export async function renderIfNeeded(
  a: RenderIfNeededInput,
): Promise<{ ok: true; result: CleanResult; finalUrl: string } | { ok: false; error: ItemError } | null> {
  const browser = a.ctx.services.browser;
  const mode = a.input.render ?? 'auto';
  if (!browser || a.requested !== 'index' || !isWebPage(a.clean.bodyKind)) return null;
  // The delivered HTML, decoded for this look only (the document's bytes are whole: run-clean.ts
  // gave the worker a copy of them).
  const body = a.document.body!;
  if (!needsRender(mode, decodeText(body.bytes, body.charset!), a.delivered)) return null;
  const step = await renderAndClean({
    config: a.ctx.config,
    browser,
    pool: a.ctx.services.pool,
    document: a.document,
    clean: a.clean,
    deadlineAt: a.deadlineAt,
    signal: a.ctx.signal,
  });
  if (step.ok) {
    // A rendered DOM with no index text does not replace delivered HTML that had some.
    if (!step.result.ok && a.delivered.ok) return null;
    return step;
  }
  // A failed render leaves the delivered result if it had text; otherwise its reason is the answer.
  return a.delivered.ok ? null : step;
}
