// node dist/bench/extract-worst.js [--base=DIR] [--rounds=N] [--only=worst|sets] [--match=TEXT]: content extraction
// (cleanDocument, the content profile as clean_web_content reads a page) on pages built for its
// walks, and on both development sets, CPU ms per page. Pruning judges a box and, when it keeps
// it, every box inside it; anything it reads of a box's whole subtree then costs depth x elements.
// The built pages nest boxes 250 deep (the parser keeps 256 levels) over 100,000 empty elements
// (200,000 is the parser's cap), each page made so that a rule keeps every level:
//  - link lists: each level a paragraph of prose and a list of links (the own-link-lists rule);
//  - in-page links: each level a paragraph and a link into the page (the table-of-contents test);
//  - code: short boxes without text over a <pre> (short and bare unless it holds code);
//  - toggles: each level a button labelled by a heading (form controls less heading toggles);
//  - wide: 10,000 sibling boxes of prose and links, none inside another (linear before);
//  - plain boxes: nothing but the nesting (what any page this deep and wide costs);
//  - story: 40 paragraphs at the bottom of plain boxes (the standfirst's scan before the body);
//  - linked headings: 120 headings nested, each an in-page link (a heading's own links);
//  - heading of in-page links: one heading at the bottom, 100,000 "#top" links in it;
//  - choices: 4,000 checkboxes with labels at the bottom (choice panels' options and text);
//  - lead, caption, sidebar, furniture boxes: each level a class one rule reads the whole
//    subtree for (a lead holding the body, a caption holding a heading, a layout slot holding
//    the text, a furniture box's length);
//  - screen-reader boxes: each level "sr-only", whose text is read for a figure (one at the end).
// --base=DIR times another build beside this one (its dist directory, e.g. /tmp/flake/dist), in
// the same process, interleaved A B B A per round; each figure is the median of its samples.
// --match=TEXT keeps the rows whose name holds TEXT. The load average is printed with the
// table: the machine is shared.
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCorpus } from './corpus.js';
import { loadWcxb } from './wcxb.js';
import { median } from './stats.js';
import { arg } from './service-process.js';

const PROSE = 'Plain words of a paragraph that reads as prose, with no link in it at all. '.repeat(2);
const LINKS =
  '<li>' +
  Array.from({ length: 6 }, (_, i) => `<a href="/guide/${i}">Further reading number ${i}</a> `).join('') +
  '</li>';
const DEPTH = 250;
const WIDTH = 100_000;
const EMPTY = '<span></span>'.repeat(WIDTH);
const nest = (level: string, bottom: string): string => level.repeat(DEPTH) + bottom + '</div>'.repeat(DEPTH);
const STORY = `<div>${`<p>${PROSE}</p>`.repeat(40)}</div>`;
// Two levels per heading (a heading closes one open right inside it): 120 keeps under the
// parser's 256 levels.
const HEADINGS = 120;

const BUILT: Record<string, string> = {
  'link lists, 250 deep': nest(`<div><p>${PROSE}</p><ul>${LINKS}</ul>`, EMPTY),
  'in-page links, 250 deep': nest(
    `<div><p>${PROSE}</p><a href="#part">Jump to the part of the page below, where the rest of this is told</a>`,
    EMPTY,
  ),
  'code, 250 deep': nest('<div>', EMPTY + '<pre></pre>'),
  'toggles, 250 deep': nest('<div><button><h3>Question</h3></button>', EMPTY),
  'wide, 10,000 boxes': `<div><p>${PROSE}</p><ul>${LINKS}</ul></div>`.repeat(10_000),
  'plain boxes, 250 deep': nest('<div>', EMPTY),
  'story, 250 deep': nest('<div>', EMPTY + STORY),
  'linked headings, 120 deep':
    `<div>${`<p>${PROSE}</p>`.repeat(20)}` +
    '<h2><a href="#top"></a><span>'.repeat(HEADINGS) +
    `<a href="#top">Back to the top</a>${EMPTY}` +
    '</span></h2>'.repeat(HEADINGS) +
    '</div>',
  'heading of in-page links, 250 deep': nest(
    `<div><p>${PROSE}</p><ul>${LINKS}</ul>`,
    `<h2><a href="#top">Back to the top</a>${'<a href="#top"></a>'.repeat(WIDTH)}</h2>`,
  ),
  'choices, 250 deep': nest('<div>', '<label><input type="checkbox">Red</label>'.repeat(4_000) + EMPTY),
  'lead boxes, 250 deep': nest('<div class="intro">', EMPTY + STORY),
  'caption boxes, 250 deep': nest('<div class="caption">', EMPTY + STORY + '<h3>Title</h3>'),
  'sidebar boxes, 250 deep': nest('<div class="sidebar">', EMPTY + STORY),
  'furniture boxes, 250 deep': nest('<div class="cta">', EMPTY + STORY),
  'screen-reader boxes, 250 deep': nest('<div class="sr-only">', EMPTY + STORY + '<p>Call 555 0100</p>'),
};

function page(body: string): string {
  const intro = `<p>${PROSE.repeat(4)}</p>`;
  const head = '<!doctype html><html><head><title>Built</title></head>';
  return `${head}<body><article><h1>A page built for the walks</h1>${intro}${body}${intro}</article></body></html>`;
}

interface Build {
  name: string;
  extract: (html: string) => unknown;
}

async function load(dist: string, name: string): Promise<Build> {
  const at = (rel: string): string => pathToFileURL(resolve(dist, rel)).href;
  // Another build's modules have this build's types (the functions timed keep their signatures).
  const { parseHtml } = (await import(at('src/parse/parse-html.js'))) as typeof import('../src/parse/parse-html.js');
  const { cleanDocument } = (await import(
    at('src/workers/clean-document.js')
  )) as typeof import('../src/workers/clean-document.js');
  const extract = (html: string): unknown =>
    cleanDocument(parseHtml(html), {
      finalUrl: 'http://127.0.0.2:8080/page',
      profile: 'content',
      format: 'text',
      includeTitle: true,
      maxChars: 200_000,
      reparse: () => parseHtml(html),
    });
  return { name, extract };
}

function cpuMs(run: () => void): number {
  const c0 = process.cpuUsage();
  run();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

async function main(): Promise<void> {
  const rounds = Math.max(1, Number(arg('rounds') ?? 1) || 1);
  const only = arg('only');
  const base = arg('base');
  const builds = [await load(resolve(import.meta.dirname, '..'), 'this build')];
  if (base) builds.push(await load(base, `base (${base})`));
  const rows: Array<{ name: string; pages: string[] }> = [];
  if (only !== 'sets')
    for (const [name, body] of Object.entries(BUILT)) {
      const html = page(body);
      rows.push({ name: `${name} (${(Buffer.byteLength(html) / 2 ** 20).toFixed(2)} MiB)`, pages: [html] });
    }
  if (only !== 'worst') {
    rows.push({ name: 'articles set', pages: loadCorpus().map((p) => p.html) });
    rows.push({ name: 'wcxb-dev set', pages: loadWcxb().map((p) => p.html) });
  }
  const match = arg('match');
  if (match !== undefined) rows.splice(0, rows.length, ...rows.filter((r) => r.name.includes(match)));
  // Warm both builds (the token encoding loads on first use) on a page of each row.
  for (const b of builds) for (const r of rows) b.extract(r.pages[0]!);
  const order = builds.length === 1 ? [0] : [0, 1, 1, 0];
  const loads: number[] = [loadavg()[0]!];
  const table = rows.map((row) => {
    const samples = builds.map(() => [] as number[]);
    for (let r = 0; r < rounds; r++)
      for (const i of order) samples[i]!.push(cpuMs(() => row.pages.forEach((html) => builds[i]!.extract(html))));
    loads.push(loadavg()[0]!);
    const perPage = samples.map((s) => median(s) / row.pages.length);
    return { row, perPage };
  });
  const head = builds.map((b) => `${b.name} ms/page`);
  console.log(`| page | ${head.join(' | ')} |${builds.length > 1 ? ' this / base |' : ''}`);
  console.log(`|---|${builds.map(() => '---:|').join('')}${builds.length > 1 ? '---:|' : ''}`);
  for (const { row, perPage } of table) {
    const ratio = perPage.length > 1 ? ` ${(perPage[0]! / perPage[1]!).toFixed(2)} |` : '';
    const pages = row.pages.length > 1 ? ` (${row.pages.length} pages)` : '';
    console.log(`| ${row.name}${pages} | ${perPage.map((ms) => ms.toFixed(1)).join(' | ')} |${ratio}`);
  }
  const sequence = order.map((i) => 'AB'[i]).join(' ');
  const span = `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`;
  console.log(`\n${rounds} round(s) of ${sequence}, CPU ms of the process per page (median of samples).`);
  console.log(`Load average (1 min) over the run: ${span}.`);
}

await main();
