// node dist/bench/token-alloc.js [--root DIR] [--pages 300] [--top 8]: what counting the tokens of
// pages a worker has not seen allocates. The content texts of the first `pages` corpus pages
// (cleanTask, text format) are made once, in a child process of their own, and kept in /tmp; then
// DIR's build (default this one) counts each text once, in order, as a worker meets new pages: its
// table of segments starts empty. Prints the KiB allocated per page (V8's sampling heap profiler,
// every 256 bytes, what collections freed included: a figure that does not move with the
// machine's load), the CPU ms per page of that profiled pass (compare it between builds only),
// the sum of the counts (the same in two builds when no count changed), and the functions that
// allocated most. Run it once per build, A B B A.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Session } from 'node:inspector';
import { promisify } from 'node:util';
import type { countTokens as CountTokens, loadEncoding as LoadEncoding } from '../src/render/token-count.js';
import { arg } from './service-process.js';

const root = resolve(arg('root') ?? resolve(import.meta.dirname, '..', '..'));
const total = Number(arg('pages') ?? 300);
const file = `/tmp/token-alloc-${total}.json`;

if (process.argv.includes('--make-texts')) {
  const { loadCorpus } = await import('./corpus.js');
  const { cleanTask } = await import('../src/workers/clean-task.js');
  const texts: string[] = [];
  for (const p of loadCorpus(total)) {
    const r = cleanTask({
      body: p.html,
      bodyKind: 'html',
      finalUrl: p.finalUrl,
      profile: 'content',
      format: 'text',
      includeTitle: true,
      maxChars: 200_000,
    });
    if (r.ok) texts.push(r.content);
  }
  writeFileSync(file, JSON.stringify(texts));
  process.exit(0);
}
if (!existsSync(file))
  execFileSync(process.execPath, [import.meta.filename, '--make-texts', '--pages', String(total)], {
    stdio: 'inherit',
  });
const texts = JSON.parse(readFileSync(file, 'utf8')) as string[];
const { countTokens, loadEncoding } = (await import(
  pathToFileURL(resolve(root, 'dist/src/render/token-count.js')).href
)) as { countTokens: typeof CountTokens; loadEncoding: typeof LoadEncoding };
loadEncoding();

const session = new Session();
session.connect();
const post = promisify(session.post.bind(session)) as (method: string, params?: object) => Promise<unknown>;
await post('HeapProfiler.startSampling', {
  samplingInterval: 256,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
let sum = 0;
const t0 = process.cpuUsage();
for (const t of texts) sum += countTokens(t);
const t = process.cpuUsage(t0);
const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: { head: Node } };

interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: Node[];
}
const bySite = new Map<string, number>();
let bytes = 0;
(function walk(n: Node): void {
  bytes += n.selfSize;
  const { functionName, url, lineNumber } = n.callFrame;
  const site = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
  bySite.set(site, (bySite.get(site) ?? 0) + n.selfSize);
  for (const c of n.children) walk(c);
})(profile.head);
const perPage = (b: number) => (b / 1024 / texts.length).toFixed(1);
const cpuMs = (t.user + t.system) / 1000 / texts.length;
console.log('| build | pages | KiB allocated per page | CPU ms per page (profiled) | sum of the counts |');
console.log('|---|---:|---:|---:|---:|');
console.log(`| ${root} | ${texts.length} | ${perPage(bytes)} | ${cpuMs.toFixed(3)} | ${sum} |`);
const top = Number(arg('top') ?? 8);
for (const [site, b] of [...bySite].sort((x, y) => y[1] - x[1]).slice(0, top))
  console.log(`  ${perPage(b)} KiB/page ${site}`);
