// A fetched page goes to its worker as bytes that move (no copy is posted): after the task the
// main thread's buffer of them is empty, the worker read the same text (in UTF-8, windows-1252 and
// all-ASCII pages), and the bytes the cache keeps are untouched, so the next call from the cache
// reads the same page. The buffer that moves is the fetched one itself (the cache stores a copy of
// its own), so the main thread makes no copy of a fetched page; an answer from the cache is the
// cache's buffer, which stays whole. Real fetches from a loopback site, a real worker pool and cache.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { createServices, type Services } from '../../../src/app/services.js';
import type { CachedFetchResult, CachingFetcher } from '../../../src/cache/cached-fetch.js';
import { cleanOne } from '../../../src/tools/clean/run-clean.js';
import { fetchMetadataItem } from '../../../src/tools/metadata/fetch-item.js';
import { WorkerPool, type RunOptions } from '../../../src/workers/pool.js';
import type { WorkerTask, WorkerTaskResult } from '../../../src/workers/worker.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { toolContext } from '../../support/tool-context.js';
import { PIECES_MIN_BYTES } from '../../../src/fetch/kept-bytes.js';

/** The pool, keeping the body of each page task it is given. */
class WatchedPool extends WorkerPool {
  readonly posted: unknown[] = [];
  override run<K extends WorkerTask['kind']>(
    task: Extract<WorkerTask, { kind: K }>,
    options?: RunOptions,
  ): Promise<WorkerTaskResult<K>> {
    this.posted.push((task.input as { body?: unknown }).body);
    return super.run(task, options);
  }
}

/** The services' caching fetcher, keeping each answer it gives. */
function watchedFetcher(inner: CachingFetcher): CachingFetcher & { given: CachedFetchResult[] } {
  const given: CachedFetchResult[] = [];
  return {
    given,
    fetchPage: async (...args) => {
      const res = await inner.fetchPage(...args);
      given.push(res);
      return res;
    },
  };
}

/** The fetched buffer itself moved to the worker (the last answer's bytes are now empty). */
function assertFetchedMoved(fetcher: { given: CachedFetchResult[] }): void {
  const res = fetcher.given.at(-1)!;
  assert.equal(res.cached, false);
  assert.equal(res.body?.bytes.byteLength, 0, 'the fetched buffer moved: the main thread made no copy of it');
}

/** An answer from the cache left the cache's buffer whole (a copy of it moved). */
function assertCacheKept(fetcher: { given: CachedFetchResult[] }): void {
  const res = fetcher.given.at(-1)!;
  assert.equal(res.cached, true);
  assert.ok(res.body!.bytes.byteLength > 0, "the cache's buffer was not moved");
}

const para = (words: string) => `<p>${`${words} `.repeat(40)}</p>`;
const pages: Record<string, { type: string; body: Buffer }> = {
  '/utf8': {
    type: 'text/html; charset=utf-8',
    body: Buffer.from(
      `<title>Grüße aus Köln</title><article>${para('Straße und Brücke — “quoted”').repeat(8)}</article>`,
    ),
  },
  '/latin': {
    type: 'text/html; charset=windows-1252',
    body: Buffer.from(
      `<title>Café crème</title><article>${para('Un café crème à la française').repeat(8)}</article>`,
      'latin1',
    ),
  },
  '/ascii': {
    type: 'text/html; charset=utf-8',
    body: Buffer.from(`<title>Plain words</title><article>${para('Plain words of a plain page').repeat(8)}</article>`),
  },
};

/**
 * A page over the mark from which a body of declared length is kept in the pieces it came in
 * (fetch/kept-bytes.ts): a 1.6 MiB script (multi-byte characters, so some fall across pieces)
 * before the article, so the text read comes from the page's last bytes and the title from its first.
 */
const large = Buffer.from(
  `<title>Pieces of a page</title><script>${'var s = "Grüße — ok";\n'.repeat(70_000)}</script>` +
    `<article>${para('Words at the very end of the page').repeat(8)}</article>`,
);

const largeGzip = gzipSync(large);

function writeInPieces(res: ServerResponse): void {
  let at = 0;
  const next = (): void => {
    if (at >= large.length) return void res.end();
    const piece = large.subarray(at, at + 64 * 1024);
    at += piece.length;
    res.write(piece, () => setImmediate(next));
  };
  next();
}

const config = testConfig({ largePageProcesses: 0, workerThreads: 1 });
let site: LoopbackServer;
let services: Services;
let pool: WatchedPool;

before(async () => {
  site = await startServer((req, res) => {
    if ((req.url ?? '').startsWith('/large-gzip')) {
      // Compressed: the decoder's chunks, no declared length.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' });
      return void res.end(largeGzip);
    }
    if ((req.url ?? '').startsWith('/large-chunked')) {
      // No declared length: chunked, in 64 KiB writes.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return writeInPieces(res);
    }
    if ((req.url ?? '').startsWith('/large')) {
      // Declared length, sent in 64 KiB writes.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': large.length });
      return writeInPieces(res);
    }
    const page = pages[(req.url ?? '').split('?')[0]!];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': page.type }).end(page.body);
  });
  services = createServices(config);
  pool = new WatchedPool(config);
});

after(async () => {
  await pool?.close();
  await services?.close();
  await site?.close();
});

/** The last task's page was posted as bytes, and the main thread's buffer of them is now empty. */
function assertMoved(): void {
  const body = pool.posted.at(-1) as { bytes?: Uint8Array } | undefined;
  assert.ok(body?.bytes instanceof Uint8Array, 'the page was posted as its bytes');
  assert.equal(body.bytes.byteLength, 0, 'the bytes moved to the worker (no copy left here)');
}

describe('a fetched page moved to its worker as bytes', () => {
  const read = {
    '/utf8': ['Grüße aus Köln', 'Straße und Brücke — “quoted”'],
    '/latin': ['Café crème', 'Un café crème à la française'],
    '/ascii': ['Plain words', 'Plain words of a plain page'],
  };

  for (const [path, [title, words]] of Object.entries(read)) {
    it(`clean_web_content reads ${path} as its text, and the cached copy again`, async () => {
      const cachingFetcher = watchedFetcher(services.cachingFetcher);
      const ctx = toolContext(config, { ...services, pool, cachingFetcher });
      const call = () =>
        cleanOne(
          {
            url: `${site.origin}${path}`,
            output_format: 'text',
            include_title: true,
            max_chars: 5000,
            timeout: 30,
            max_age: 600,
          },
          ctx,
          'content',
        );
      const first = await call();
      assertMoved();
      assertFetchedMoved(cachingFetcher);
      assert.equal(first.data?.title, title);
      assert.equal(first.meta.cached, false);
      const again = await call();
      assertMoved();
      assertCacheKept(cachingFetcher);
      assert.equal(again.meta.cached, true, 'answered from the cache');
      assert.deepEqual(again.data, first.data, "the cache's bytes were not emptied by the move");
    });

    it(`get_url_metadata reads ${path} as its text, and the cached copy again`, async () => {
      const cachingFetcher = watchedFetcher(services.cachingFetcher);
      const deps = { fetcher: services.fetcher, pool, cachingFetcher };
      const options = { includeContent: true, followRedirects: true, timeoutMs: 30_000, maxAgeS: 600 };
      const call = () => fetchMetadataItem(`${site.origin}${path}?m`, options, deps, new AbortController().signal);
      const first = await call();
      assertMoved();
      assertFetchedMoved(cachingFetcher);
      assert.equal(first.data?.title, title);
      assert.ok(String(first.data?.content).startsWith(words!), 'the content is the page text');
      const again = await call();
      assertMoved();
      assertCacheKept(cachingFetcher);
      assert.equal(again.meta.cached, true, 'answered from the cache');
      assert.deepEqual(again.data, first.data, "the cache's bytes were not emptied by the move");
    });
  }
});

describe('a large fetched page moved to its worker in the pieces it came in', () => {
  /** The last task's page was posted as pieces, all of which moved (none left here, none joined). */
  function assertPiecesMoved(): void {
    const body = pool.posted.at(-1) as { pieces?: Uint8Array[] } | undefined;
    assert.ok(Array.isArray(body?.pieces) && body.pieces.length > 1, 'the page was posted in pieces');
    assert.ok(
      body.pieces.every((p) => p.byteLength === 0),
      'every piece moved to the worker: the main thread made no buffer of the page',
    );
  }

  const sent = { '/large': 'of declared length', '/large-gzip': 'gzip-encoded', '/large-chunked': 'chunked' };
  for (const [path, how] of Object.entries(sent)) {
    it(`clean_web_content reads it whole, ${how}: its first bytes and its last`, async () => {
      assert.ok(large.length >= PIECES_MIN_BYTES);
      const ctx = toolContext(config, { ...services, pool });
      const r = await cleanOne(
        { url: `${site.origin}${path}`, output_format: 'text', include_title: false, max_chars: 5000, timeout: 60 },
        ctx,
        'content',
      );
      assertPiecesMoved();
      assert.equal(r.data?.title, 'Pieces of a page');
      assert.ok(String(r.data?.content).startsWith('Words at the very end of the page'), String(r.data?.content));
    });

    it(`get_url_metadata reads it whole, ${how}: its first bytes and its last`, async () => {
      const deps = { fetcher: services.fetcher, pool, cachingFetcher: services.cachingFetcher };
      const options = { includeContent: true, followRedirects: true, timeoutMs: 60_000 };
      const r = await fetchMetadataItem(`${site.origin}${path}?m`, options, deps, new AbortController().signal);
      assertPiecesMoved();
      assert.equal(r.data?.title, 'Pieces of a page');
      assert.ok(String(r.data?.content).startsWith('Words at the very end of the page'), String(r.data?.content));
    });
  }
});
