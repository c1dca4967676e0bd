// npm run bench:quality-pages -- --out FILE [--service DIR] [--set=wcxb|articles] [--limit=N]:
// scores a build once on both development sets, as bench:quality's pinned rows score it (the
// same systems and scorers: wcxb-dev through what clean_web_content answers, token-bag F1; the
// article set through the content profile's text, snippet counts), and saves each page's F1,
// counts, split, type, site and answer to FILE (quality-runs.ts), for bench:quality-diff. Prints
// the run's figures, which equal bench:quality's. --service DIR scores another build (a checkout
// built with npm run build): its dist/bench/quality-systems.js answers, while the pages are read
// and scored by this one, so two builds are scored alike.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCorpus } from './corpus.js';
import { scorePage, metrics } from './quality-snippets.js';
import { siteOf, splitOf } from './quality-split.js';
import { figures, RUN_FORMAT, writeRun, type PageResult } from './quality-runs.js';
import { loadWcxb, scoreTokens } from './wcxb.js';
import { arg, REPO_ROOT } from './service-process.js';
type System = Pick<typeof import('./quality-systems.js'), 'urlkitApiText' | 'urlkitText'>;

/** The build's own commit, marked when tracked files differ from it; null outside git. */
function commitOf(dir: string): string | null {
  try {
    const sha = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', dir, 'status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    });
    return dirty.trim() ? `${sha}+changes` : sha;
  } catch {
    return null;
  }
}

function scoreWcxb(system: System, limit: number): PageResult[] {
  return loadWcxb(limit).map((page) => {
    const text = system.urlkitApiText(page);
    const split = splitOf(page.site);
    return {
      set: 'wcxb',
      id: page.id,
      type: page.type,
      split,
      site: page.site,
      f1: scoreTokens(text, page.truth).f1,
      text,
    };
  });
}

function scoreArticles(system: System, limit: number): PageResult[] {
  return loadCorpus(limit).map((page) => {
    const text = system.urlkitText(page);
    const { counts } = scorePage(page, text);
    const site = siteOf(page.url);
    const split = splitOf(site);
    return { set: 'articles', id: page.file, type: 'article', split, site, f1: metrics(counts).f1, counts, text };
  });
}

async function main(): Promise<void> {
  const out = arg('out');
  const set = arg('set') ?? 'all';
  const limit = Number(arg('limit') ?? Infinity);
  if (!out || !['all', 'wcxb', 'articles'].includes(set)) {
    console.error('usage: quality-pages.js --out FILE [--service DIR] [--set=wcxb|articles] [--limit=N]');
    process.exitCode = 2;
    return;
  }
  const service = arg('service');
  const build = resolve(service ?? REPO_ROOT);
  // Only the answering build's systems are loaded, so its code alone runs the extraction.
  const systems = service
    ? pathToFileURL(resolve(build, 'dist/bench/quality-systems.js')).href
    : './quality-systems.js';
  const system = (await import(systems)) as System;
  const started = process.hrtime.bigint();
  const pages = [
    ...(set === 'articles' ? [] : scoreWcxb(system, limit)),
    ...(set === 'wcxb' ? [] : scoreArticles(system, limit)),
  ];
  writeRun(out, { format: RUN_FORMAT, build, commit: commitOf(build), created: new Date().toISOString(), pages });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`${pages.length} pages scored in ${seconds.toFixed(0)} s (${build}); saved to ${out}`);
  console.log('| set | type | split | pages | F1 |\n|---|---|---|---:|---:|');
  for (const f of figures(pages)) {
    console.log(`| ${f.group.set} | ${f.group.type} | ${f.group.split} | ${f.pages} | ${f.value.toFixed(6)} |`);
  }
}

await main();
