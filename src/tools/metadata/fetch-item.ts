// One URL of get_url_metadata: fetch (main thread, the only network code), then parse and
// extract in a worker. Per-URL failures become that item's meta.error; a dead worker
// propagates, so the chunk fails as a unit. A stopped call (deadline, shutdown) gives this URL
// a timeout that keeps what was learned (the status and type of a body cut off).
import { pageBytes } from '../../workers/page-bytes.js';
import { ItemFailure, itemError, type ItemError } from '../../errors/codes.js';
import { stoppedItem, stoppedItemError } from '../stopped.js';
import type { FetchPartial, FetchResult, Fetcher } from '../../fetch/types.js';
import { describeBotProtection } from '../../fetch/bot-protection.js';
import { defaultConfig } from '../../config/config.js';
import { pdfMetadataItem } from './pdf-item.js';
import { nonHtmlMetadata } from '../../extract/metadata/index.js';
import type { WorkerPool } from '../../workers/pool.js';
import type { MetadataResult } from '../../workers/metadata-task.js';
import type { ToolItem } from '../types.js';
import type { CachedFetchResult, CachingFetcher } from '../../cache/cached-fetch.js';
import { normalisedHttpUrl } from '../http-url.js';
import type { TokenEncoding } from '../../render/token-count.js';

export interface MetadataItemOptions {
  includeContent: boolean;
  /** include_content's token budget (max_tokens), or null. */
  maxTokens?: number | null;
  tokenEncoding?: TokenEncoding;
  followRedirects: boolean;
  /** Per-URL fetch budget (ms). */
  timeoutMs: number;
  /** Request max_age (s): a stored fetch younger than this answers. @default 0 */
  maxAgeS?: number;
  /** The request's respect_robots (already defaulted from the config). @default false */
  respectRobots?: boolean;
}

const DEFAULT_PDF = { maxPdfPages: defaultConfig().maxPdfPages, maxPdfBytes: defaultConfig().maxPdfBytes };

export interface MetadataDeps {
  fetcher: Fetcher;
  pool: WorkerPool;
  /** The operator's PDF limits (config maxPdfPages / maxPdfBytes); the defaults when absent. */
  pdfLimits?: { maxPdfPages: number; maxPdfBytes: number };
  /** The page fetch goes through the cache when given. */
  cachingFetcher?: CachingFetcher;
}

// HTML is parsed for metadata; XML and JSON too, since a feed describes itself (title, site,
// language), and markdown, whose front matter does.
const WORKER_KINDS = new Set(['html', 'xhtml', 'xml', 'json', 'markdown']);

export async function fetchMetadataItem(
  url: string,
  options: MetadataItemOptions,
  deps: MetadataDeps,
  signal: AbortSignal,
): Promise<ToolItem> {
  if (normalisedHttpUrl(url) === null) return failed(url, null, itemError('invalid_url'));
  const started = await fetchAndStart(url, options, deps, signal);
  if ('item' in started) return started.item;
  const { meta } = started;
  try {
    const result = await started.running;
    // The favicon is what the page declares (decisions.md): a linked web app manifest is not
    // fetched, so one page URL costs one fetch and no second address is ever contacted for it.
    const data = result.data as unknown as Record<string, unknown>;
    if (result.part) Object.assign(meta, { tokens: result.part.tokens, truncated: result.part.truncated });
    return result.error
      ? { data, meta: { ...meta, error: itemError(result.error.code, result.error.message) } }
      : { data, meta };
  } catch (err) {
    // A page over the worker's time budget is that page's failure; a dead worker is the chunk's.
    if (signal.aborted) return stoppedItem(meta, signal);
    if (err instanceof ItemFailure) return { data: null, meta: { ...meta, error: err.toItemError() } };
    throw err;
  }
}

/**
 * Fetches the page and hands its text to a worker, or answers the item. It returns once the task
 * is posted, so no variable of a function that waits for the task holds the page: V8 keeps every
 * local of a suspended async function, and a large page's task runs for seconds (a 5 MiB page is
 * its bytes and their one-byte string, 10 MiB, per item).
 */
async function fetchAndStart(
  url: string,
  options: MetadataItemOptions,
  deps: MetadataDeps,
  signal: AbortSignal,
): Promise<{ item: ToolItem } | { meta: ToolItem['meta']; running: Promise<MetadataResult> }> {
  const started = Date.now();
  let res: FetchResult & Partial<CachedFetchResult>;
  try {
    const fetchOptions = pageFetchOptions(options);
    res = deps.cachingFetcher
      ? await deps.cachingFetcher.fetchPage(url, fetchOptions, options.maxAgeS ?? 0, signal)
      : await deps.fetcher.fetchPage(url, fetchOptions, signal);
  } catch (err) {
    const partial = (err as { partial?: FetchPartial }).partial ?? null;
    if (signal.aborted) return { item: failed(url, partial, stoppedItemError(signal.reason)) };
    if (!(err instanceof ItemFailure)) throw err;
    return { item: failed(url, partial, err.toItemError()) };
  }

  const meta: ToolItem['meta'] = {
    url,
    final_url: res.finalUrl,
    status_code: res.status,
    content_type: res.contentType,
    via_proxy: res.viaProxy,
    retries: res.retries,
    cached: res.cached ?? false,
    fetched_at: res.fetchedAt ?? new Date().toISOString(),
  };
  if (res.botProtection) {
    // A challenge page's title ("Just a moment...") is not the page's metadata.
    return {
      item: {
        data: null,
        meta: { ...meta, error: itemError('bot_protection', describeBotProtection(res.botProtection, res.status)) },
      },
    };
  }
  const body = res.body;
  if (body?.kind === 'pdf') {
    try {
      return {
        item: await pdfMetadataItem(
          res,
          meta,
          {
            includeContent: options.includeContent,
            maxTokens: options.maxTokens,
            tokenEncoding: options.tokenEncoding,
            ...(deps.pdfLimits ?? DEFAULT_PDF),
          },
          deps.pool,
          signal,
          started + options.timeoutMs,
        ),
      };
    } catch (err) {
      if (signal.aborted) return { item: stoppedItem(meta, signal) };
      throw err;
    }
  }
  const readable =
    body && body.charset !== null && (WORKER_KINDS.has(body.kind) || (options.includeContent && body.kind === 'text'));
  if (!body || !readable) {
    // Not HTML: what the headers and the URL tell, without a worker round trip.
    const data: Record<string, unknown> = { ...nonHtmlMetadata(res.finalUrl, res.headers) };
    if (!options.includeContent) return { item: { data, meta } };
    return {
      item: {
        data: { ...data, content: null, word_count: null },
        meta: { ...meta, error: itemError('unsupported_content_type') },
      },
    };
  }

  const running = deps.pool.run(
    {
      kind: 'metadata',
      input: {
        // The fetched bytes move to the worker (page-bytes.ts); a copy of them when they are the cache's.
        body: pageBytes(body, res.cached === true)!,
        bodyKind: body.kind,
        finalUrl: res.finalUrl,
        headers: res.headers,
        includeContent: options.includeContent,
        maxTokens: options.maxTokens,
        tokenEncoding: options.tokenEncoding,
      },
    },
    // The wait for a worker counts against the URL's own timeout.
    { signal, startBy: started + options.timeoutMs },
  );
  return { meta, running };
}

/** How an item's page is fetched (and looked up in the cache). */
export function pageFetchOptions(options: MetadataItemOptions) {
  return {
    method: 'GET',
    followRedirects: options.followRedirects,
    followMetaRefresh: true,
    timeoutMs: options.timeoutMs,
    body: 'full',
    respectRobots: options.respectRobots ?? false,
  } as const;
}

/** The answer for a URL that got no page (it failed before, or never started). */
export function failed(url: string, partial: FetchPartial | null, error: ItemError): ToolItem {
  return {
    data: null,
    meta: {
      url,
      final_url: partial?.finalUrl ?? normalisedHttpUrl(url),
      status_code: partial?.statusCode ?? null,
      content_type: partial?.contentType ?? null,
      via_proxy: partial?.viaProxy ?? false,
      retries: partial?.retries ?? 0,
      cached: false,
      fetched_at: null,
      error,
    },
  };
}
