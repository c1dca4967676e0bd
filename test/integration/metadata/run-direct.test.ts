// get_url_metadata's run() against a real loopback site, through the real fetcher, worker
// pool and dispatcher (no HTTP layer): single pages, non-HTML targets, fetch failures,
// batches with mixed items, and a chunk whose worker is killed by a page.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { toolContext } from '../../support/tool-context.js';
import type { Config } from '../../../src/config/config.js';
import { getUrlMetadata, type MetadataInput } from '../../../src/tools/get-url-metadata.js';
import { createServices, type Services } from '../../../src/app/services.js';
import type { ToolContext, ToolItem } from '../../../src/tools/types.js';
import { testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { loadMetaFixtures } from '../../unit/extract/metadata/fixture-files.js';
import { ARTICLE_TEXT, SMALL_WORKER_MB, manifestHits, slowHits, startMetadataSite } from './metadata-site.js';

let site: LoopbackServer;
const opened: Services[] = [];

before(async () => {
  site = await startMetadataSite();
});
after(async () => {
  await Promise.all(opened.map((s) => s.close()));
  await site.close();
});

function context(overrides: Partial<Config> = {}): ToolContext {
  const config = testConfig(overrides);
  const services = createServices(config);
  opened.push(services);
  return toolContext(config, services);
}

// Each context starts its worker threads on its first call, inside that call's item timeouts;
// with 10 times more runnable processes than CPUs a thread's start took over 10 s. What these
// tests assert is the answer, not its speed, so the items get the most time the schema allows.
const input = (i: Partial<MetadataInput>): MetadataInput => ({
  include_content: false,
  follow_redirects: true,
  timeout: 60,
  ...i,
});

describe('get_url_metadata run()', () => {
  const ctx = () => shared ?? (shared = context());
  let shared: ToolContext | undefined;

  it('returns rich metadata and fetch facts for one page', async () => {
    const [item] = await getUrlMetadata.run(input({ url: `${site.origin}/page` }), ctx());
    assert.ok(item);
    assert.equal(item.meta.error, undefined);
    // fetched_at: when the response came (ISO 8601); cached: false, the default max_age is 0.
    assert.ok(!Number.isNaN(Date.parse(item.meta.fetched_at as string)));
    assert.deepEqual(item.meta, {
      url: `${site.origin}/page`,
      final_url: `${site.origin}/page`,
      status_code: 200,
      content_type: 'text/html; charset=utf-8',
      via_proxy: false,
      retries: 0,
      cached: false,
      fetched_at: item.meta.fetched_at,
    });
    const d = item.data!;
    assert.equal(d.title, 'Harbour Days');
    assert.equal(d.description, 'A day in a harbour town.');
    assert.equal(d.favicon, `${site.origin}/icon-192.png`);
    assert.equal(d.image, `${site.origin}/img/harbour.jpg`);
    assert.deepEqual(d.og, {
      title: 'Harbour Days',
      description: '',
      image: `${site.origin}/img/harbour.jpg`,
      site_name: 'Coast Times',
    });
    assert.deepEqual(d.feeds, [{ url: `${site.origin}/feed.xml`, type: 'rss', title: 'Coast Times' }]);
    assert.equal(d.published_at, '2024-06-01T06:00:00Z');
    assert.equal(d.lang, 'en');
    assert.equal('content' in d, false);
  });

  it('serves every meta-* fixture through the real fetcher with the expected metadata', async () => {
    const fixtures = loadMetaFixtures();
    const items = await getUrlMetadata.run(
      input({ items: fixtures.map((f) => `${site.origin}/fixture/${f.slug}`) }),
      ctx(),
    );
    assert.equal(items.length, fixtures.length);
    for (const [i, f] of fixtures.entries()) {
      const item = items[i]!;
      assert.equal(item.meta.error, undefined, f.slug);
      const expected = f.expected as Record<string, unknown>;
      // URLs differ (the fixture's final URL vs the loopback origin); the charset-sensitive text must not.
      assert.equal(item.data!.title, expected.title, f.slug);
      assert.equal(item.data!.description, expected.description, f.slug);
      assert.deepEqual(item.data!.keywords, expected.keywords, f.slug);
    }
  });

  it('keeps the status of a 404 page as data, with its metadata', async () => {
    const [item] = await getUrlMetadata.run(input({ url: `${site.origin}/missing` }), ctx());
    assert.equal(item!.meta.status_code, 404);
    assert.equal(item!.meta.error, undefined);
    assert.equal(item!.data!.title, 'Not Found');
  });

  it('follows redirects by default and reports the first response when follow_redirects is false', async () => {
    const [followed] = await getUrlMetadata.run(input({ url: `${site.origin}/moved` }), ctx());
    assert.equal(followed!.meta.final_url, `${site.origin}/page`);
    assert.equal(followed!.data!.title, 'Harbour Days');
    const [first] = await getUrlMetadata.run(input({ url: `${site.origin}/moved`, follow_redirects: false }), ctx());
    assert.equal(first!.meta.status_code, 301);
    assert.equal(first!.meta.final_url, `${site.origin}/moved`);
    assert.equal(first!.meta.error, undefined);
  });

  it('describes a broken PDF by what is known: status, type, final URL, file-name title', async () => {
    const url = `${site.origin}/files/Quarterly%20Report.pdf`;
    const [item] = await getUrlMetadata.run(input({ url }), ctx());
    // The fixture is a PDF stub without an end-of-file marker: broken, so no_content
    // (decisions.md, Beyond HTML), with what the headers and the URL tell.
    assert.equal(item!.meta.error?.code, 'no_content');
    assert.match(item!.meta.error.message, /truncated/);
    assert.equal(item!.meta.status_code, 200);
    assert.equal(item!.meta.content_type, 'application/pdf');
    assert.equal(item!.data!.title, 'Quarterly Report.pdf');
    assert.equal(item!.data!.modified_at, '2024-01-01T00:00:00Z');
    assert.equal(item!.data!.favicon, `${site.origin}/favicon.ico`);
  });

  it('takes the favicon from what the page declares, never fetching its web app manifest', async () => {
    const before = manifestHits();
    const [small, big] = await getUrlMetadata.run(
      input({ items: [`${site.origin}/app`, `${site.origin}/app-big-icon`] }),
      ctx(),
    );
    assert.equal(small!.data!.favicon, `${site.origin}/f16.png`);
    assert.equal(big!.data!.favicon, `${site.origin}/f256.png`);
    assert.equal(manifestHits() - before, 0, 'the manifest is not requested');
  });

  it('describes a feed URL by the feed itself', async () => {
    const [item] = await getUrlMetadata.run(input({ url: `${site.origin}/feed.xml` }), ctx());
    assert.equal(item!.meta.error, undefined);
    assert.equal(item!.data!.title, 'Coast Times');
    assert.equal(item!.data!.description, 'Harbour news.');
    assert.equal(item!.data!.canonical_url, `${site.origin}/`);
    assert.deepEqual(item!.data!.feeds, [{ url: `${site.origin}/feed.xml`, type: 'rss', title: 'Coast Times' }]);
  });

  it('describes a JSON Feed by itself, and gives its items with include_content', async () => {
    const [item] = await getUrlMetadata.run(input({ url: `${site.origin}/feed.json`, include_content: true }), ctx());
    assert.equal(item!.meta.error, undefined);
    const data = item!.data!;
    assert.equal(data.title, 'Coast Notes');
    assert.equal(data.description, 'Short notes.');
    assert.equal(data.canonical_url, `${site.origin}/`);
    assert.equal(data.lang, 'en-GB');
    assert.equal(data.image, `${site.origin}/icon.png`);
    assert.equal(data.author, 'Mara Holt');
    assert.deepEqual(data.feeds, [{ url: `${site.origin}/feed.json`, type: 'json', title: 'Coast Notes' }]);
    assert.equal(data.content, `[Low tide](${site.origin}/notes/1)\nWalk out to the rocks.`);
  });

  it("gives a feed's items as its content with include_content", async () => {
    const [item] = await getUrlMetadata.run(input({ url: `${site.origin}/feed.xml`, include_content: true }), ctx());
    assert.equal(item!.meta.error, undefined);
    assert.equal(item!.data!.content, `[Pier repairs](${site.origin}/news/pier)\nThe pier is shut until May.`);
    assert.equal(item!.data!.title, 'Coast Times');
  });

  it("knows a sitemap by its headers, and gives its pages' links with include_content", async () => {
    const [item] = await getUrlMetadata.run(input({ url: `${site.origin}/sitemap.xml`, include_content: true }), ctx());
    assert.equal(item!.meta.error, undefined);
    assert.equal(item!.data!.title, 'sitemap.xml');
    assert.equal(item!.data!.modified_at, '2026-03-05T10:00:00Z');
    assert.equal(item!.data!.content, `[${site.origin}/news/pier](${site.origin}/news/pier) \u2014 2026-03-05`);
  });

  it('gives unsupported_content_type for include_content on non-HTML (no_content for a broken PDF), keeping the metadata', async () => {
    const [pdf, json] = await getUrlMetadata.run(
      input({
        items: [`${site.origin}/files/Quarterly%20Report.pdf`, `${site.origin}/data.json`],
        include_content: true,
      }),
      ctx(),
    );
    for (const item of [pdf!, json!]) {
      assert.equal(item.meta.error?.code, item === pdf ? 'no_content' : 'unsupported_content_type');
      assert.equal(item.meta.status_code, 200);
      assert.equal(item.data!.content, null);
      assert.equal(item.data!.word_count, null);
    }
    assert.equal(pdf!.data!.title, 'Quarterly Report.pdf');
    assert.equal(json!.data!.title, 'data.json');
  });

  it('adds the main text and its word count with include_content', async () => {
    const [item] = await getUrlMetadata.run(input({ url: `${site.origin}/article`, include_content: true }), ctx());
    assert.equal(item!.meta.error, undefined);
    const content = item!.data!.content as string;
    for (const p of ARTICLE_TEXT) assert.ok(content.includes(p), `content has: ${p.slice(0, 30)}`);
    assert.ok(!content.includes('Copyright'), 'footer removed');
    assert.ok(!content.startsWith('Harbour Days\n'), 'no title line (include_title false)');
    assert.equal(typeof item!.data!.word_count, 'number');
    assert.ok((item!.data!.word_count as number) >= 60);
    assert.equal(item!.data!.title, 'Harbour Days');
  });

  it('keeps the metadata and reports no_content when include_content finds no text', async () => {
    const [item] = await getUrlMetadata.run(
      input({ url: `${site.origin}/fixture/meta-twitter-only`, include_content: true }),
      ctx(),
    );
    assert.equal(item!.meta.error?.code, 'no_content');
    assert.equal(item!.meta.status_code, 200);
    assert.equal(item!.data!.title, 'Twitter Card Title');
    assert.equal(item!.data!.content, null);
    assert.equal(item!.data!.word_count, null);
  });

  it('returns plain text as is with include_content', async () => {
    const [item] = await getUrlMetadata.run(input({ url: `${site.origin}/notes.txt`, include_content: true }), ctx());
    assert.equal(item!.meta.error, undefined);
    assert.equal(item!.data!.content, 'Plain notes.\nSecond line of notes.');
    assert.equal(item!.data!.title, 'notes.txt');
  });

  it('reads a markdown document: its heading for a title, its text with include_content', async () => {
    const [item] = await getUrlMetadata.run(input({ url: `${site.origin}/notes.md`, include_content: true }), ctx());
    assert.equal(item!.meta.error, undefined);
    assert.equal(item!.data!.content, `The ferry runs [hourly](${site.origin}/timetable).`);
    assert.equal(item!.data!.word_count, 4);
    assert.equal(item!.data!.title, 'Harbour notes');
    assert.equal(item!.data!.description, '');
  });

  it("reads what a markdown document's front matter declares", async () => {
    const [item] = await getUrlMetadata.run(input({ url: `${site.origin}/guide.md` }), ctx());
    assert.equal(item!.meta.error, undefined);
    const data = item!.data!;
    assert.equal(data.title, 'Mooring guide');
    assert.equal(data.description, 'Where to tie up, and what it costs.');
    assert.equal(data.author, 'Ann Lee, Bo Chen');
    assert.equal(data.published_at, '2026-03-05');
    assert.equal(data.modified_at, '2026-04-01T09:30:00Z');
    assert.equal(data.lang, 'en-GB');
    assert.equal(data.image, `${site.origin}/img/moorings.jpg`);
    assert.deepEqual(data.keywords, ['harbour', 'boats']);
    assert.equal(data.content, undefined);
  });

  it("reports a timeout as that item's error", async () => {
    const [item] = await getUrlMetadata.run(input({ url: `${site.origin}/slow`, timeout: 0.5 }), ctx());
    assert.equal(item!.data, null);
    assert.equal(item!.meta.error?.code, 'timeout');
    assert.equal(item!.meta.error?.retryable, true);
  });

  it('keeps request order in a mixed batch; invalid and blocked items fail alone', async () => {
    const blockedServerUrl = `http://127.0.0.1:${site.port}/page`;
    const before = site.connections();
    const urls = [
      `${site.origin}/page/1`,
      'not a url',
      blockedServerUrl,
      `${site.origin}/page/2`,
      'ftp://example.com/file',
      `${site.origin}/page/1`,
      `${site.origin}/missing`,
    ];
    const items = await getUrlMetadata.run(
      input({ items: [urls[0]!, { url: urls[1]! }, urls[2]!, { url: urls[3]! }, urls[4]!, urls[5]!, urls[6]!] }),
      context({ batchChunkSize: 2 }),
    );
    assert.deepEqual(
      items.map((i) => i.meta.url),
      urls,
    );
    const codes = items.map((i) => i.meta.error?.code ?? null);
    assert.deepEqual(codes, [null, 'invalid_url', 'blocked_url', null, 'invalid_url', null, null]);
    assert.deepEqual(
      items.map((i) => i.data?.title ?? null),
      ['Page 1', null, null, 'Page 2', null, 'Page 1', 'Not Found'],
    );
    // Only the 4 allowed items connected: the blocked one never reached a socket.
    assert.ok(site.connections() - before <= 4);
  });
});

describe('request stopped', () => {
  it('reports every unfinished item as timeout when the call is aborted, finished ones kept', async () => {
    // One chunk at a time: the first page is done before the first /slow is even requested.
    const base = context({ batchChunkSize: 1, batchConcurrency: 1 });
    const ac = new AbortController();
    const hitsBefore = slowHits();
    const running = getUrlMetadata.run(
      input({ items: [`${site.origin}/page/1`, `${site.origin}/slow`, `${site.origin}/slow`] }),
      { ...base, signal: ac.signal },
    );
    while (slowHits() === hitsBefore) await new Promise((r) => setTimeout(r, 10));
    ac.abort(new Error('client went away'));
    const items = await running;
    assert.equal(items[0]!.data!.title, 'Page 1');
    for (const item of items.slice(1)) {
      assert.equal(item.data, null);
      assert.equal(item.meta.error?.code, 'timeout');
      assert.equal(item.meta.error?.retryable, true);
    }
  });
});

describe('a chunk whose worker dies', () => {
  it("fails that chunk's unfinished items worker_chunk_failed, retryable, data null; other chunks are whole", async () => {
    // The dead worker's replacement loads under a 48 MiB heap cap: at load 17 that took 7.4-7.7 s,
    // and a task that waited for it past the task budget's bound on the wait for a worker (10 s
    // by default, pool.ts) answered timeout. A budget as long as the items' timeout: what this
    // asserts is which items the death fails, not how fast a worker starts.
    const ctx = context({
      batchChunkSize: 3,
      batchConcurrency: 2,
      workerMaxMemoryMb: SMALL_WORKER_MB,
      workerTaskTimeoutMs: 60_000,
    });
    // Item 4 (chunk 1, items 3 to 5) is a page that kills the worker parsing it.
    const urls = Array.from({ length: 8 }, (_, i) => `${site.origin}/${i === 4 ? 'dense' : `page/${i}`}`);
    const items: ToolItem[] = await getUrlMetadata.run(input({ items: urls }), ctx);
    assert.equal(items.length, 8);
    const failed = (item: ToolItem, i: number) => {
      assert.equal(item.data, null, `item ${i}`);
      assert.deepEqual(item.meta.error, {
        code: 'worker_chunk_failed',
        message: item.meta.error!.message,
        retryable: true,
      });
    };
    for (const [i, item] of items.entries()) {
      assert.equal(item.meta.url, urls[i]);
      if (i === 4) failed(item, i);
      // Its chunk's other pages either finished before the worker died (and are kept) or failed with the chunk.
      else if ((i === 3 || i === 5) && item.meta.error) failed(item, i);
      else {
        assert.equal(item.meta.error, undefined, `item ${i}`);
        assert.equal(item.data!.title, `Page ${i}`);
      }
    }
    // The pool replaced the dead worker: the next request works.
    const [again] = await getUrlMetadata.run(input({ url: urls[0] }), ctx);
    assert.equal(again!.data!.title, 'Page 0');
  });
});
