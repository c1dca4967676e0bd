// npm run bench:quality-reach: which wcxb-dev pages no extractor of the served HTML can score,
// and what the figures are on the rest, on both splits (quality-split.ts), with urlkit's answers
// as clean_web_content gives them (bench:quality's wcxb rows).
//  - **empty truth**: the set's main content is empty, so only an empty answer scores (1, else 0).
//    The set's single-page-app flag (metadata.json) is listed beside them: the set draws no main
//    content for those pages.
//  - **content absent**: under a quarter of the truth's word tokens (as a bag) are anywhere in the
//    saved markup's text, scripts included: the page was saved before its content was loaded
//    (a forum thread whose posts the browser fetches), so any answer scores near 0.
// Then the article set's missed snippets by cause: split by an inline link (found when links are
// read as their text), differing only in punctuation or case, not in the markup's text at all, or
// left out by the answer; which rule left those out, and what each rule holds out of the answer
// on that set; where wcxb answers' extra text sits (quality-rules.ts). Deterministic; about three
// minutes on one CPU. The tables' functions are exported for the docs test that checks
// docs/quality-gate.md's copies (test/unit/docs/quality-reach-tables.test.ts); run as a script only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHtml } from '../src/parse/parse-html.js';
import { linksAsText, urlkitApiText, urlkitText } from './quality-systems.js';
import { loadCorpus, type CorpusPage } from './corpus.js';
import { norm, scorePage } from './quality-snippets.js';
import { loadWcxb, scoreTokens, tokenBag, wcxbDir, type WcxbPage } from './wcxb.js';
import { siteOf, splitOf, SPLITS, type Split } from './quality-split.js';
import { articleRules, loose, markupText, wcxbExtra } from './quality-rules.js';

export const TYPES = ['article', 'documentation', 'service', 'forum', 'collection', 'listing', 'product'];
const ABSENT_SHARE = 0.25;
const f = (x: number): string => x.toFixed(3);
const row = (cells: Array<string | number>): string => `| ${cells.join(' | ')} |`;
const mean = (xs: number[]): string => (xs.length ? f(xs.reduce((a, b) => a + b, 0) / xs.length) : '-');

type Kind = 'empty truth' | 'content absent' | 'scoreable';

export interface Scored {
  page: WcxbPage;
  kind: Kind;
  f1: number;
  answered: boolean;
  spa: boolean;
  inMarkup: number;
}

/** Share of the truth's tokens (counted as a bag) that the markup's text holds. */
function truthInMarkup(page: WcxbPage): number {
  const want = tokenBag(page.truth);
  const have = tokenBag(markupText(parseHtml(page.html)));
  let wanted = 0;
  let found = 0;
  for (const [t, n] of want) {
    wanted += n;
    found += Math.min(n, have.get(t) ?? 0);
  }
  return wanted ? found / wanted : 1;
}

const CAUSES = ['split by a link', 'punctuation or case', 'not in the markup', 'left out'] as const;
type Cause = (typeof CAUSES)[number];

export function articleMisses(pages: readonly CorpusPage[]): string[] {
  const counts = new Map<Split, Map<Cause, number>>(SPLITS.map((s) => [s, new Map(CAUSES.map((c) => [c, 0]))]));
  const leftOutPages = new Map<Split, Map<string, number>>(SPLITS.map((s) => [s, new Map()]));
  for (const page of pages) {
    const split = splitOf(siteOf(page.url));
    const text = urlkitText(page);
    const { missed } = scorePage(page, text);
    if (missed.length === 0) continue;
    const plain = linksAsText(text);
    const markup = loose(markupText(parseHtml(page.html)));
    for (const m of missed) {
      const cause: Cause = norm(plain).includes(norm(m))
        ? 'split by a link'
        : loose(plain).includes(loose(m))
          ? 'punctuation or case'
          : !markup.includes(loose(m))
            ? 'not in the markup'
            : 'left out';
      const c = counts.get(split)!;
      c.set(cause, c.get(cause)! + 1);
      if (cause === 'left out')
        leftOutPages.get(split)!.set(page.url, (leftOutPages.get(split)!.get(page.url) ?? 0) + 1);
    }
  }
  const out = [
    '',
    'article set, urlkit content (text): missed snippets by cause',
    '',
    row(['split', 'missed', ...CAUSES, 'pages left out on', 'most on one page']),
    `|---|---:|${CAUSES.map(() => '---:').join('|')}|---:|---:|`,
  ];
  for (const split of SPLITS) {
    const c = counts.get(split)!;
    const pages = [...leftOutPages.get(split)!.values()];
    out.push(
      row([
        split,
        [...c.values()].reduce((a, b) => a + b, 0),
        ...CAUSES.map((k) => c.get(k)!),
        pages.length,
        Math.max(0, ...pages),
      ]),
    );
  }
  return out;
}

/** The pages no extractor can score, per split, the figures on the rest per type, and the list of
 *  those pages. */
export function reachTables(scored: readonly Scored[]): string[] {
  const out: string[] = [
    `wcxb-dev, urlkit clean_web_content; "content absent": under ${ABSENT_SHARE} of the truth's tokens in the markup`,
    '',
    row([
      'split',
      'pages',
      'mean F1',
      'empty truth (answered)',
      'lost to them',
      'content absent',
      'lost to them',
      'mean F1 on the rest',
    ]),
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const split of SPLITS) {
    const all = scored.filter((s) => splitOf(s.page.site) === split);
    const empty = all.filter((s) => s.kind === 'empty truth');
    const absent = all.filter((s) => s.kind === 'content absent');
    const lost = (xs: Scored[]): string => f(xs.reduce((a, s) => a + 1 - s.f1, 0) / all.length);
    out.push(
      row([
        split,
        all.length,
        mean(all.map((s) => s.f1)),
        `${empty.length} (${empty.filter((s) => s.answered).length})`,
        lost(empty),
        absent.length,
        lost(absent),
        mean(all.filter((s) => s.kind === 'scoreable').map((s) => s.f1)),
      ]),
    );
  }
  out.push('', row(['split', 'pages', ...TYPES]), `|---|---:|${TYPES.map(() => '---:').join('|')}|`);
  for (const split of SPLITS) {
    const rest = scored.filter((s) => splitOf(s.page.site) === split && s.kind === 'scoreable');
    out.push(
      row([
        `${split}, scoreable`,
        rest.length,
        ...TYPES.map((t) => mean(rest.filter((s) => s.page.type === t).map((s) => s.f1))),
      ]),
    );
  }
  out.push(
    '',
    row(['page', 'split', 'type', 'kind', 'truth in markup', 'single-page app', 'answered', 'F1']),
    '|---|---|---|---|---:|---|---|---:|',
  );
  for (const s of scored.filter((x) => x.kind !== 'scoreable')) {
    out.push(
      row([
        s.page.id,
        splitOf(s.page.site),
        s.page.type,
        s.kind,
        s.kind === 'empty truth' ? '-' : f(s.inMarkup),
        s.spa ? 'yes' : 'no',
        s.answered ? 'yes' : 'no',
        f(s.f1),
      ]),
    );
  }
  return out;
}

function main(): void {
  const spa = JSON.parse(readFileSync(join(wcxbDir(), 'metadata.json'), 'utf8')) as {
    files: Record<string, { spa?: boolean }>;
  };
  const scored: Scored[] = [];
  const wcxb = loadWcxb();
  for (const page of wcxb) {
    const text = urlkitApiText(page);
    const empty = tokenBag(page.truth).size === 0;
    const inMarkup = empty ? 1 : truthInMarkup(page);
    const kind: Kind = empty ? 'empty truth' : inMarkup < ABSENT_SHARE ? 'content absent' : 'scoreable';
    const answered = tokenBag(text).size > 0;
    scored.push({
      page,
      kind,
      f1: scoreTokens(text, page.truth).f1,
      answered,
      spa: spa.files[page.id]?.spa === true,
      inMarkup,
    });
  }

  const articles = loadCorpus();
  const lines = [...reachTables(scored), ...articleMisses(articles), ...articleRules(articles)];
  console.log([...lines, ...wcxbExtra(wcxb, TYPES)].join('\n'));
}

if (process.argv[1]?.endsWith('quality-reach.js')) main();
