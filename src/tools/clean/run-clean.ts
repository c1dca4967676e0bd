// One call of clean_web_content or clean_web_index: fetch on the main thread (the only
// network code), then parse, extract and render in a worker, and build the result item with
// every meta field of the interface. Per-URL failures become meta.error; the call itself
// still succeeds.
import { ItemFailure, itemError, type ItemError } from '../../errors/codes.js';
import type { Profile } from '../../extract/blocks.js';
import { describeBotProtection } from '../../fetch/bot-protection.js';
import { pageBytes } from '../../workers/page-bytes.js';
import { cleanPdf } from './clean-pdf.js';
import type { FetchPartial } from '../../fetch/types.js';
import type { CachedFetchResult } from '../../cache/cached-fetch.js';
import { WorkerCrashed } from '../../workers/pool.js';
import type { CleanInput } from '../clean-web-content.js';
import { failedWith, type ToolContext, type ToolItem } from '../types.js';
import { normalisedHttpUrl } from '../http-url.js';
import type { CleanRequest, CleanResult } from '../../workers/clean-task.js';
import { isCleanable } from '../../workers/cleanable.js';
import { isWebPage } from '../../fetch/body-kind.js';
import { renderIfNeeded } from './render-if-needed.js';
import { runSingleOnQueue } from '../queued-single.js';
import { stoppedItem } from '../stopped.js';
import { answerShape } from './answer-shape.js';

export async function runClean(input: CleanInput, ctx: ToolContext, requested: Profile): Promise<ToolItem[]> {
  // Scale-out: the URL is a queue job, run by a worker through the 'clean' handler (cleanOne).
  if (ctx.services.dispatcher.remote) {
    return runSingleOnQueue(ctx, 'clean', input, { profile: requested, correlationId: ctx.correlationId }, (error) =>
      cleanFailedItem(input.url, requested, error),
    );
  }
  return [await cleanOne(input, ctx, requested)];
}

/** The item of a URL nothing was learned for. */
export function cleanFailedItem(url: string, requested: Profile, error?: ItemError): ToolItem {
  return {
    data: null,
    // Spelled out, not unfetchedMeta(): the interface's field order (truncated before via_proxy).
    meta: {
      url,
      final_url: normalisedHttpUrl(url),
      status_code: null,
      content_type: null,
      truncated: false,
      javascript_rendered: false,
      via_proxy: false,
      retries: 0,
      extraction_profile_requested: requested,
      extraction_profile: null,
      fallback_used: false,
      cached: false,
      fetched_at: null,
      ...(error ? { error } : {}),
    },
  };
}

/**
 * `startedAt` (epoch ms) is when the URL's own `timeout` began: now, or earlier when its job waited
 * in a queue for a worker (scale-out), so that wait counts against it as a wait for a thread does.
 */
export async function cleanOne(
  input: CleanInput,
  ctx: ToolContext,
  requested: Profile,
  startedAt = Date.now(),
): Promise<ToolItem> {
  const meta: ToolItem['meta'] = cleanFailedItem(input.url, requested).meta;
  const stopped = () => stoppedItem(meta, ctx.signal);

  const started = await fetchAndStart(input, ctx, requested, meta, startedAt);
  if ('item' in started) return started.item;

  let result: CleanResult;
  try {
    result = await started.running;
  } catch (err) {
    if (ctx.signal.aborted) return stopped();
    if (err instanceof ItemFailure) return failedWith(meta, err.toItemError());
    if (err instanceof WorkerCrashed) return failedWith(meta, workerFailed());
    throw err;
  }

  // Browser rendering (src/browser/, index profile only): may replace the result with one
  // cleaned from the DOM the page's scripts built.
  const document = started.renderable;
  const rendered =
    document &&
    (await renderIfNeeded({
      input,
      ctx,
      requested,
      document,
      clean: started.options,
      delivered: result,
      deadlineAt: startedAt + input.timeout * 1000,
    }));
  if (rendered) {
    if (!rendered.ok) return ctx.signal.aborted ? stopped() : failedWith(meta, rendered.error);
    result = rendered.result;
    Object.assign(meta, { final_url: rendered.finalUrl, javascript_rendered: true });
  }

  // XML or JSON the worker found to be no feed.
  if (!result.ok && result.code === 'unsupported_content_type')
    return failedWith(meta, unsupported(started.contentType));
  const explain = result.explain ? { explain: result.explain } : {};
  if (!result.ok) {
    return {
      data: { title: result.title, content: '', word_count: 0, format: input.output_format },
      meta: { ...meta, ...explain, error: itemError('no_content') },
    };
  }
  return {
    data: { title: result.title, content: result.content, word_count: result.wordCount, format: input.output_format },
    meta: {
      ...meta,
      // A body cut at the byte cap is missing from the last part only.
      truncated: result.truncated || (started.truncated && result.nextStart === null),
      tokens: result.tokens,
      next_start: result.nextStart,
      extraction_profile: result.profile,
      fallback_used: result.fallbackUsed,
      ...explain,
    },
  };
}

function unsupported(contentType: string | null): ItemError {
  const type = contentType ?? 'an unknown type';
  const read = 'HTML, XHTML, markdown, plain text (and CSV), feeds (RSS, Atom, JSON Feed), sitemaps and PDF';
  return itemError('unsupported_content_type', `The response is ${type}; the cleaners read ${read}.`);
}

/** A page handed to a worker: its task running, and what the call needs of the page afterwards. */
interface StartedClean {
  running: Promise<CleanResult>;
  /** The task's settings without the page's text (the render step cleans the rendered DOM with them). */
  options: Omit<CleanRequest, 'body'>;
  /** The fetched document, kept only when the render step may serve it to a browser. */
  renderable: CachedFetchResult | null;
  /** The body was cut at the byte cap. */
  truncated: boolean;
  /** The response's Content-Type, for an error that names it. */
  contentType: string | null;
}

/**
 * Fetches the page and hands its text to a worker, or answers the item. It returns once the task
 * is posted, so no variable of a function that waits for the task holds the page: V8 keeps every
 * local of a suspended async function, and cleanOne waits for seconds on a large page (a 5 MiB
 * page is its bytes and their one-byte string, 10 MiB, per call). The document stays only for a
 * render.
 */
async function fetchAndStart(
  input: CleanInput,
  ctx: ToolContext,
  requested: Profile,
  meta: ToolItem['meta'],
  startedAt: number,
): Promise<StartedClean | { item: ToolItem }> {
  let res: CachedFetchResult;
  try {
    res = await ctx.services.cachingFetcher.fetchPage(
      input.url,
      {
        method: 'GET',
        followMetaRefresh: true,
        timeoutMs: Math.max(1, startedAt + input.timeout * 1000 - Date.now()),
        body: 'full',
        respectRobots: input.respect_robots ?? ctx.config.respectRobots,
      },
      input.max_age ?? ctx.config.cacheMaxAgeS,
      ctx.signal,
    );
  } catch (err) {
    if (!(err instanceof ItemFailure) && !ctx.signal.aborted) throw err;
    const partial = (err as { partial?: FetchPartial }).partial;
    if (partial)
      Object.assign(meta, {
        final_url: normalisedHttpUrl(partial.finalUrl),
        via_proxy: partial.viaProxy,
        retries: partial.retries,
      });
    // A response that broke off mid-body still said what it was.
    if (partial?.statusCode !== undefined)
      Object.assign(meta, { status_code: partial.statusCode, content_type: partial.contentType ?? null });
    if (ctx.signal.aborted) return { item: stoppedItem(meta, ctx.signal) };
    return { item: failedWith(meta, (err as ItemFailure).toItemError()) };
  }

  Object.assign(meta, {
    final_url: res.finalUrl,
    status_code: res.status,
    content_type: res.contentType,
    truncated: res.truncated,
    javascript_rendered: res.javascriptRendered,
    via_proxy: res.viaProxy,
    retries: res.retries,
    cached: res.cached,
    fetched_at: res.fetchedAt,
  });
  if (res.botProtection) {
    // A challenge page is never content: a model must not read "Just a moment..." as the article.
    return {
      item: failedWith(meta, itemError('bot_protection', describeBotProtection(res.botProtection, res.status))),
    };
  }
  const body = res.body;
  // The wait for a worker counts against the URL's own timeout.
  const startBy = startedAt + input.timeout * 1000;
  if (body?.kind === 'pdf') {
    try {
      return { item: await cleanPdf(res, input, ctx, meta, startBy) };
    } catch (err) {
      if (ctx.signal.aborted) return { item: stoppedItem(meta, ctx.signal) };
      throw err;
    }
  }
  if (!body || !isCleanable(body.kind) || body.charset === null) {
    return { item: failedWith(meta, unsupported(res.contentType)) };
  }

  const options: Omit<CleanRequest, 'body'> = {
    bodyKind: body.kind,
    finalUrl: res.finalUrl,
    profile: requested,
    ...answerShape(input),
    ...(input.explain === true ? { explain: true } : {}),
  };
  const renderable = ctx.services.browser && requested === 'index' && isWebPage(options.bodyKind) ? res : null;
  const running = ctx.services.pool.run(
    // The fetched bytes move to the worker (page-bytes.ts); a copy of them when they are the cache's
    // or the render step may serve them to the browser afterwards.
    { kind: 'clean', input: { ...options, body: pageBytes(body, res.cached || renderable !== null)! } },
    { signal: ctx.signal, startBy },
  );
  return { running, options, renderable, truncated: res.truncated, contentType: res.contentType };
}

/**
 * The worker died on this page (its memory cap): the page is too large or complex to process.
 * Not worker_chunk_failed: that code promises a retry helps, and this page would kill the
 * worker again.
 */
function workerFailed(): ItemError {
  return itemError('response_too_large', 'The page is too large or complex to process within the worker memory limit.');
}
