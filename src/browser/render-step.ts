// The index cleaner's render step: decides from the `render` field and the delivered HTML
// whether the page needs a browser, renders it through the pool, and cleans the rendered DOM
// with the same worker task and index profile as fetched HTML.
import type { Config } from '../config/config.js';
import { ItemFailure, itemError, type ItemError } from '../errors/codes.js';
import type { FetchResult } from '../fetch/types.js';
import type { CleanRequest, CleanResult } from '../workers/clean-task.js';
import { WorkerCrashed, type WorkerPool } from '../workers/pool.js';
import type { BrowserPool } from './browser-pool.js';
import { runsScripts } from './script-tags.js';

export type RenderMode = 'auto' | 'always' | 'never';
export const RENDER_MODES: readonly RenderMode[] = ['auto', 'always', 'never'];

/** Below this many words a page that runs scripts is taken for a script shell. */
const SHELL_MAX_WORDS = 50;
/** Time kept back from the item's deadline for cleaning the rendered DOM. */
const CLEAN_RESERVE_MS = 1000;

/** `auto`: the delivered HTML gave no index text, or little text from a page that runs scripts. */
export function needsRender(mode: RenderMode, html: string, delivered: CleanResult): boolean {
  if (mode === 'never') return false;
  if (mode === 'always') return true;
  if (!delivered.ok) return true;
  return delivered.wordCount < SHELL_MAX_WORDS && runsScripts(html);
}

export interface RenderStepInput {
  config: Config;
  browser: BrowserPool;
  pool: WorkerPool;
  /** The guarded fetch of the page (HTML or XHTML body). */
  document: FetchResult;
  /** The clean task's settings as it ran on the delivered HTML (the rendered page replaces its body). */
  clean: Omit<CleanRequest, 'body'>;
  /** Epoch ms: the item's own deadline. */
  deadlineAt: number;
  signal: AbortSignal;
}

export type RenderStepResult = { ok: true; result: CleanResult; finalUrl: string } | { ok: false; error: ItemError };

/** Renders and cleans; a failure is reported, never thrown (the caller may keep the delivered result). */
export async function renderAndClean(input: RenderStepInput): Promise<RenderStepResult> {
  const deadlineAt = input.deadlineAt - CLEAN_RESERVE_MS;
  if (deadlineAt - Date.now() < 200)
    return { ok: false, error: itemError('timeout', 'No time was left to render the page.') };
  try {
    const page = await input.browser.render({
      document: input.document,
      deadlineAt,
      budgetMs: input.config.browserPageTimeoutMs,
      signal: input.signal,
    });
    const result = await input.pool.run(
      { kind: 'clean', input: { ...input.clean, body: page.html, bodyKind: 'html', finalUrl: page.finalUrl } },
      { signal: input.signal },
    );
    return { ok: true, result, finalUrl: page.finalUrl };
  } catch (err) {
    if (input.signal.aborted) throw err;
    if (err instanceof ItemFailure) return { ok: false, error: err.toItemError() };
    if (err instanceof WorkerCrashed)
      return {
        ok: false,
        error: itemError(
          'response_too_large',
          'The rendered page is too large or complex to process within the worker memory limit.',
        ),
      };
    return {
      ok: false,
      error: itemError('connect_error', `The browser failed: ${err instanceof Error ? err.message : String(err)}`),
    };
  }
}
