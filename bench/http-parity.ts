// npm run bench:http-parity: every page of the development data (../shared/bench: the article
// set, metadata-dev, wcxb-dev; each file once) served from loopback with its own bytes (gzip
// files as `Content-Encoding: gzip`) and content type, read by the service as a user runs it
// (npm start, default settings) through the HTTP API: clean_web_content (text, no title, one URL
// per call) and get_url_metadata (batches of --batch). The same pages are then read in process,
// as the quality and metadata benches read them (the body decoded as the fetcher decodes it, the
// worker's own functions, the same final URL). A page the API refuses, or answers differently,
// scores differently through the API than in those benches: this prints how many, by error code
// and by what differs, and lists the pages (--list N, default 40).
//
// Options: --service DIR (another build)  --env K=V,K=V (settings added to the service's)
//          --limit N (pages per set)  --sets articles,metadata-dev,wcxb-dev  --in-flight N (4)
//          --batch N (10)  --tools content,metadata (which calls)  --json FILE (every page's
//          differences, for a closer look). Calls slower than 5 s are named on stderr as they end.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Agent, request } from 'undici';
import { decodeBody } from '../src/fetch/decode.js';
import { extractMetadata } from '../src/extract/metadata/index.js';
import { parseHtml } from '../src/parse/parse-html.js';
import { cleanDocument } from '../src/workers/clean-document.js';
import { metadataDataSchema } from '../src/tools/metadata/schema.js';
import { HOST, serve, sharedBench } from './metadata-sets.js';
import { arg, loadAverages, serviceRootArg, startService } from './service-process.js';

const LIMIT = Number(arg('limit') ?? Infinity);
const SETS = (arg('sets') ?? 'articles,metadata-dev,wcxb-dev').split(',');
const IN_FLIGHT = Math.max(1, Number(arg('in-flight') ?? 4));
const BATCH = Math.max(1, Number(arg('batch') ?? 10));
const LIST = Number(arg('list') ?? 40);
const TOOLS = (arg('tools') ?? 'content,metadata').split(',');
/** clean_web_content's default max_chars, asked for explicitly so both sides cut at the same place. */
const MAX_CHARS = 200_000;
/** A call slower than this is reported on stderr as it ends (with the machine's load). */
const SLOW_CALL_MS = 5000;
/** Metadata fields compared: every field of the tool's answer (its schema requires them all). */
const FIELDS = (metadataDataSchema.required ?? []) as readonly string[];

interface Page {
  set: string;
  id: string;
  /** The original address (its path and query are served on loopback). */
  url: string;
  bytes: Buffer;
  contentType: string;
  /** `gzip` when the file is gzip-compressed (served as such). */
  encoding: string | null;
  requested: string;
}

interface Answer {
  /** Error code of the item, or null. */
  error: string | null;
  title: string | null;
  content: string | null;
  data: Record<string, unknown> | null;
  /** get_url_metadata's item error, or null. */
  metaError: string | null;
}

function isGzip(b: Buffer): boolean {
  return b[0] === 0x1f && b[1] === 0x8b;
}

function loadPages(): Page[] {
  const shared = sharedBench();
  const seen = new Set<string>();
  const pages: Page[] = [];
  const add = (set: string, id: string, url: string, file: string, contentType: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const bytes = readFileSync(file);
    // Pages with no original address are served under their id.
    const where = /^https?:\/\//.test(url) ? url : `https://corpus.invalid/${encodeURIComponent(id)}`;
    pages.push({ set, id, url: where, bytes, contentType, encoding: isGzip(bytes) ? 'gzip' : null, requested: '' });
  };
  if (SETS.includes('metadata-dev')) {
    const expected = JSON.parse(readFileSync(join(shared, 'metadata-dev', 'expected.json'), 'utf8')) as Record<
      string,
      { url: string; page: string; content_type: string }
    >;
    let n = 0;
    for (const [id, e] of Object.entries(expected))
      if (n++ < LIMIT) add('metadata-dev', id, e.url, resolve(shared, e.page), e.content_type);
  }
  if (SETS.includes('articles')) {
    const dir = join(shared, 'trafilatura-eval');
    const evaldata = JSON.parse(readFileSync(join(dir, 'evaldata.json'), 'utf8')) as Record<string, { file: string }>;
    let n = 0;
    // The set's pages come with no headers: served as text/html with no charset.
    for (const [url, item] of Object.entries(evaldata))
      if (n++ < LIMIT) add('articles', item.file, url, join(dir, 'pages', item.file), 'text/html');
  }
  if (SETS.includes('wcxb-dev')) {
    const dir = join(shared, 'wcxb-dev', 'dev');
    let n = 0;
    for (const f of readdirSync(join(dir, 'ground-truth')).sort()) {
      if (!f.endsWith('.json') || n++ >= LIMIT) continue;
      const id = f.slice(0, -5);
      const gt = JSON.parse(readFileSync(join(dir, 'ground-truth', f), 'utf8')) as { url: string };
      const file = join(dir, 'html', `${id}.html.gz`);
      if (existsSync(file)) add('wcxb-dev', id, gt.url, file, 'text/html');
    }
  }
  return pages;
}

interface Item {
  data: Record<string, unknown> | null;
  meta: { error?: { code: string } };
}

async function askService(pages: Page[]): Promise<Map<Page, Answer>> {
  const service = await startService(serviceRootArg(), { ...envArg(), URLKIT_ALLOW_CIDRS: `${HOST}/32` });
  const client = new Agent({ connections: IN_FLIGHT * 2, headersTimeout: 600_000, bodyTimeout: 600_000 });
  const answers = new Map<Page, Answer>(
    pages.map((p) => [p, { error: null, title: null, content: null, data: null, metaError: null }]),
  );
  const post = async (tool: string, body: Record<string, unknown>, n: number): Promise<Item[]> => {
    const t0 = performance.now();
    const res = await request(`${service.origin}/api/v1/tools/${tool}`, {
      method: 'POST',
      dispatcher: client,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.body.json()) as { data?: { results?: Item[] } };
    const took = performance.now() - t0;
    if (took > SLOW_CALL_MS)
      console.error(`slow call: ${tool} ${n} URL(s), ${(took / 1000).toFixed(1)} s, load ${loadAverages()}`);
    return Array.from(
      { length: n },
      (_, i) => json.data?.results?.[i] ?? { data: null, meta: { error: { code: `http_${res.statusCode}` } } },
    );
  };
  const jobs: Array<() => Promise<void>> = [];
  for (const p of TOOLS.includes('content') ? pages : [])
    jobs.push(async () => {
      const [r] = await post('clean_web_content', { url: p.requested, include_title: false, max_chars: MAX_CHARS }, 1);
      const a = answers.get(p)!;
      a.error = r!.meta.error?.code ?? null;
      a.title = typeof r!.data?.title === 'string' ? r!.data.title : null;
      a.content = typeof r!.data?.content === 'string' ? r!.data.content : null;
    });
  for (let i = 0; TOOLS.includes('metadata') && i < pages.length; i += BATCH) {
    const chunk = pages.slice(i, i + BATCH);
    jobs.push(async () => {
      const results = await post('get_url_metadata', { items: chunk.map((p) => p.requested) }, chunk.length);
      chunk.forEach((p, k) => {
        const a = answers.get(p)!;
        a.metaError = results[k]!.meta.error?.code ?? null;
        a.data = results[k]!.data;
      });
    });
  }
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < jobs.length) await jobs[next++]!();
      }),
    );
  } finally {
    await client.close();
    await service.stop();
  }
  return answers;
}

/** The same page in process: decoded as the fetcher decodes its body, the worker's functions. */
function askDirect(p: Page): Answer {
  const bytes = p.encoding === 'gzip' ? gunzipSync(p.bytes) : p.bytes;
  const html = decodeBody(bytes, p.contentType).text ?? '';
  const res = cleanDocument(parseHtml(html), {
    finalUrl: p.requested,
    profile: 'content',
    format: 'text',
    includeTitle: false,
    maxChars: MAX_CHARS,
    reparse: () => parseHtml(html),
  });
  const data = extractMetadata(parseHtml(html), p.requested, { 'content-type': p.contentType });
  return {
    error: res.ok ? null : res.code,
    title: res.title,
    content: res.ok ? res.content : '',
    data: JSON.parse(JSON.stringify(data)) as Record<string, unknown>,
    metaError: null,
  };
}

function envArg(): Record<string, string> {
  const pairs = (arg('env') ?? '').split(',').filter((p) => p.includes('='));
  return Object.fromEntries(pairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
}

/** What differs between the API's answer and the in-process one, as reason classes. */
function differences(api: Answer, direct: Answer): string[] {
  const out: string[] = [];
  if (!TOOLS.includes('content')) {
    // Not asked.
  } else if (api.error !== direct.error)
    out.push(`content: ${api.error ?? 'ok'} over HTTP, ${direct.error ?? 'ok'} in process`);
  else if (api.error === null) {
    if (api.title !== direct.title) out.push('content: title differs');
    if (api.content !== direct.content) {
      const a = api.content ?? '';
      const d = direct.content ?? '';
      out.push(a.length < d.length && d.startsWith(a) ? 'content: text cut short' : 'content: text differs');
    }
  }
  if (!TOOLS.includes('metadata')) return out;
  if (api.metaError) out.push(`metadata: ${api.metaError} over HTTP`);
  else if (api.data && direct.data)
    for (const f of FIELDS)
      if (JSON.stringify(api.data[f]) !== JSON.stringify(direct.data[f])) out.push(`metadata: ${f} differs`);
  return out;
}

async function main(): Promise<void> {
  const pages = loadPages();
  const site = await serve(pages);
  const bySet = new Map<string, number>();
  for (const p of pages) bySet.set(p.set, (bySet.get(p.set) ?? 0) + 1);
  console.log(
    `bench:http-parity: ${pages.length} pages (${[...bySet].map(([s, n]) => `${s} ${n}`).join(', ')}), service ` +
      `${serviceRootArg()} (npm start, default settings${Object.entries(envArg())
        .map(([k, v]) => ` ${k}=${v}`)
        .join('')}), ${IN_FLIGHT} calls in flight, metadata batches of ${BATCH}; ${os.availableParallelism()} cores, ` +
      `node ${process.version}, load ${loadAverages()}`,
  );
  const t0 = performance.now();
  let answers: Map<Page, Answer>;
  try {
    answers = await askService(pages);
  } finally {
    site.close();
  }
  console.log(`HTTP API: ${((performance.now() - t0) / 1000).toFixed(0)} s, load ${loadAverages()}`);
  const counts = new Map<string, Map<string, number>>();
  const listed: Array<{ set: string; id: string; url: string; bytes: number; why: string[] }> = [];
  const bump = (reason: string, set: string) => {
    const row = counts.get(reason) ?? new Map<string, number>();
    counts.set(reason, row);
    row.set(set, (row.get(set) ?? 0) + 1);
  };
  let differing = 0;
  for (const p of pages) {
    const why = differences(answers.get(p)!, askDirect(p));
    const apiError = answers.get(p)!.error;
    if (TOOLS.includes('content')) bump(`clean_web_content answer over HTTP: ${apiError ?? 'ok'}`, p.set);
    if (TOOLS.includes('metadata'))
      bump(`get_url_metadata answer over HTTP: ${answers.get(p)!.metaError ?? 'ok'}`, p.set);
    if (why.length === 0) continue;
    differing++;
    for (const w of new Set(why)) bump(w, p.set);
    listed.push({ set: p.set, id: p.id, url: p.url, bytes: p.bytes.length, why });
  }
  const sets = [...bySet.keys()];
  console.log(`\n| | ${sets.join(' | ')} | all |`);
  console.log(`|---|${sets.map(() => '---:|').join('')}---:|`);
  console.log(`| pages | ${sets.map((s) => bySet.get(s)).join(' | ')} | ${pages.length} |`);
  const row = (reason: string, m: Map<string, number>) =>
    console.log(
      `| ${reason} | ${sets.map((s) => m.get(s) ?? 0).join(' | ')} | ${[...m.values()].reduce((a, b) => a + b, 0)} |`,
    );
  for (const reason of [...counts.keys()].sort()) row(reason, counts.get(reason)!);
  const perSet = sets.map((s) => listed.filter((l) => l.set === s).length);
  console.log(`| pages with any difference | ${perSet.join(' | ')} | ${differing} |`);
  if (listed.length) console.log(`\nPages that differ (first ${LIST}):`);
  for (const l of listed.slice(0, LIST))
    console.log(`- ${l.set} ${l.id} (${l.bytes} bytes, ${l.url}): ${l.why.join('; ')}`);
  const json = arg('json');
  if (json) writeFileSync(json, JSON.stringify(listed, null, 1));
  console.log(`\nload at end ${loadAverages()}`);
}

await main();
