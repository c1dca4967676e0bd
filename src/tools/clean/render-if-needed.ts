// The glue between the cleaners and the browser: only clean_web_index carries `render`, and
// only a service started with URLKIT_BROWSER has a browser pool. Returns null when the
// delivered result stands.
import { postedText } from '../../workers/page-bytes.js';
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
  clean: CleanRequest;
  delivered: CleanResult;
  deadlineAt: number;
}

export async function renderIfNeeded(
  a: RenderIfNeededInput,
): Promise<{ ok: true; result: CleanResult; finalUrl: string } | { ok: false; error: ItemError } | null> {
  const browser = a.ctx.services.browser;
  const mode = a.input.render ?? 'auto';
  if (!browser || a.requested !== 'index' || a.clean.bodyKind === 'text') return null;
  if (!needsRender(mode, postedText(a.clean.body), a.delivered)) return null;
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
