// How bench:metadata-quality asks urlkit: through the real service's HTTP API (get_url_metadata
// for every page, clean_web_content for the pages whose headline is scored), or, with --direct
// (a development loop), the worker's own calls in process (the same answers, faster).
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { defaultConfig } from '../src/config/config.js';
import { buildApp } from '../src/http/build-app.js';
import { extractMetadata } from '../src/extract/metadata/index.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { cleanDocument } from '../src/workers/clean-document.js';
import { HOST, type BenchPage } from './metadata-sets.js';
import type { Data, Pred } from './metadata-score.js';

const BATCH = 20;
/** Calls in flight: enough to keep the worker pool busy with single-URL clean_web_content calls. */
const IN_FLIGHT = 4;

export interface Asked {
  /** Predictions by set, then by page id. */
  preds: Map<BenchPage['set'], Record<string, Pred>>;
  /** Item error codes and their counts. */
  errors: Map<string, number>;
  /** Wall time of the whole exchange (0 in process). */
  seconds: number;
}

function predsOf(asked: Asked, page: BenchPage): Pred {
  let bySet = asked.preds.get(page.set);
  if (!bySet) asked.preds.set(page.set, (bySet = {}));
  return (bySet[page.id] ??= { url: page.requested, data: null });
}

export function askDirect(pages: BenchPage[]): Asked {
  const asked: Asked = { preds: new Map(), errors: new Map(), seconds: 0 };
  for (const p of pages) {
    const pred = predsOf(asked, p);
    pred.data = extractMetadata(parseHtml(p.html), p.requested, { 'content-type': p.contentType }) as unknown as Data;
    if (!p.headline) continue;
    const res = cleanDocument(parseHtml(p.html), {
      finalUrl: p.requested,
      profile: 'content',
      format: 'text',
      includeTitle: false,
      maxChars: 200_000,
      reparse: () => parseHtml(p.html),
    });
    pred.content_title = res.title || null;
  }
  return asked;
}

interface ItemResult {
  data: Record<string, unknown> | null;
  meta: { error?: { code: string } };
}

export async function askService(pages: BenchPage[]): Promise<Asked> {
  const asked: Asked = { preds: new Map(), errors: new Map(), seconds: 0 };
  const config = defaultConfig({
    logLevel: 'silent',
    rateLimitMax: 0,
    maxInFlight: 0,
    maxEventLoopDelayMs: 0,
    allowCidrs: [`${HOST}/32`],
    port: 0,
    perHostConcurrency: 16,
    headersTimeoutMs: 60_000,
    workerTaskTimeoutMs: 60_000,
  });
  const app = await buildApp(config, { logStream: { write() {} } });
  await app.listen({ host: HOST, port: 0 });
  const api = `http://${HOST}:${(app.server.address() as AddressInfo).port}/api/v1/tools`;
  const client = new Agent({ connections: 16, headersTimeout: 300_000, bodyTimeout: 300_000 });
  const fail = (code: string) => asked.errors.set(code, (asked.errors.get(code) ?? 0) + 1);

  const post = async (tool: string, body: Record<string, unknown>, n: number): Promise<ItemResult[]> => {
    const res = await request(`${api}/${tool}`, {
      method: 'POST',
      dispatcher: client,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ timeout: 60, ...body }),
    });
    const json = (await res.body.json()) as { data?: { results: ItemResult[] } };
    return Array.from(
      { length: n },
      (_, i) => json.data?.results[i] ?? { data: null, meta: { error: { code: `http_${res.statusCode}` } } },
    );
  };
  const jobs: Array<() => Promise<void>> = [];
  // get_url_metadata takes batches; clean_web_content one URL per call.
  for (let i = 0; i < pages.length; i += BATCH) {
    const chunk = pages.slice(i, i + BATCH);
    jobs.push(async () => {
      const results = await post('get_url_metadata', { items: chunk.map((p) => p.requested) }, chunk.length);
      chunk.forEach((p, k) => {
        const r = results[k]!;
        if (r.meta.error) fail(`get_url_metadata ${r.meta.error.code}`);
        predsOf(asked, p).data = r.data;
      });
    });
  }
  for (const p of pages.filter((x) => x.headline))
    jobs.push(async () => {
      const [r] = await post('clean_web_content', { url: p.requested, include_title: false }, 1);
      // A page without main content still has its title in data (no_content items carry it).
      if (r!.meta.error && r!.meta.error.code !== 'no_content') fail(`clean_web_content ${r!.meta.error.code}`);
      const title = r!.data?.title;
      predsOf(asked, p).content_title = typeof title === 'string' && title !== '' ? title : null;
    });
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
  asked.seconds = (performance.now() - t0) / 1000;
  await client.close();
  await app.close();
  return asked;
}
