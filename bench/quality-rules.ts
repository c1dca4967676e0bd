// Which rule leaves text out, and where extra text sits (bench:quality-reach's last tables), from
// the content profile's own account of each page (explain.ts: the chosen container and every
// element or block a rule left out).
//  - The article set's snippets left out of the answer (in the markup, not split by a link): the
//    rule whose dropped element or block holds the smallest element holding the snippet, else
//    whether that element is inside the chosen container (left out with no record: a conversion
//    or the answer's passes) or outside it (another part of the page).
//  - Each rule's account on the article set: the "with" snippets it holds out of the answer
//    (lost) against the "without" snippets it holds out (kept out), per split.
//  - wcxb-dev, per page type: the answer's words on lines mostly not in the truth (under half of
//    their words in the truth's bag), by where the line is: before the first line that is mostly
//    truth, between, or after the last; and the mean page F1 were every such line dropped (a
//    perfect line filter's ceiling: what dropping whole lines of the answer can reach).
import type { AnyNode, Element } from 'domhandler';
import { parseHtml } from '../src/parse/parse-html.js';
import { extractContent } from '../src/extract/content/extract-content.js';
import { renderText } from '../src/render/text.js';
import { elementPath, type Dropped } from '../src/extract/explain.js';
import { hasChildren, isPlainTag, isTextNode } from '../src/extract/dom/walk.js';
import type { ContentTrace } from '../src/extract/content/trace.js';
import { linksAsText, urlkitApiText } from './quality-systems.js';
import type { CorpusPage } from './corpus.js';
import { norm, scorePage } from './quality-snippets.js';
import { scoreTokens, tokenBag, type WcxbPage } from './wcxb.js';
import { siteOf, splitOf, SPLITS, type Split } from './quality-split.js';

const row = (cells: Array<string | number>): string => `| ${cells.join(' | ')} |`;

/** Every text node's text under `root`, each followed by a space (adjacent nodes are separate
 *  words here: markup glues "a</li><li>b" only on screen); scripts' and styles' too unless
 *  `pageText`. */
export function markupText(root: AnyNode, pageText = false): string {
  const parts: string[] = [];
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (isTextNode(n)) parts.push(n.data);
    else if (pageText && isPlainTag(n) && (n.name === 'script' || n.name === 'style')) continue;
    else if (hasChildren(n)) for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return parts.join(' ');
}

/** Lower case, every run of characters other than letters and digits one space. */
export const loose = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The deepest element whose text holds `want` (loose), or null. */
function holder(root: AnyNode, want: string): Element | null {
  let found: Element | null = null;
  let at: AnyNode | null = root;
  while (at && hasChildren(at)) {
    let next: Element | null = null;
    for (const c of at.children) {
      if (isPlainTag(c) && c.name !== 'script' && c.name !== 'style' && loose(markupText(c, true)).includes(want)) {
        next = c;
        break;
      }
    }
    if (!next) break;
    found = next;
    at = next;
  }
  return found;
}

const under = (path: string, ancestor: string): boolean =>
  ancestor !== '' && (path === ancestor || path.startsWith(ancestor + ' > '));

/** The record of the rule that left `path` out, if any. */
const ruleOf = (dropped: readonly Dropped[], path: string): string | null => {
  const d = dropped.find((x) => under(path, x.path));
  return d ? `${d.stage === 'block' ? 'pass' : 'element'}: ${d.rule}` : null;
};

type Tally = Map<string, [number, number]>;
const bump = (t: Tally, key: string, at: 0 | 1): void => {
  const v = t.get(key) ?? [0, 0];
  v[at]++;
  t.set(key, v);
};

const INSIDE = 'inside the container, no record';
const OUTSIDE = 'outside the chosen container';

/** The article set's left-out snippets by rule or place, and each rule's lost / kept-out
 *  account, per split. */
export function articleRules(pages: readonly CorpusPage[]): string[] {
  const leftOut = new Map<Split, Tally>(SPLITS.map((s) => [s, new Map()]));
  const account = new Map<Split, Tally>(SPLITS.map((s) => [s, new Map()]));
  for (const page of pages) {
    const split = splitOf(siteOf(page.url));
    const doc = parseHtml(page.html);
    const trace: ContentTrace = { explain: true };
    const ex = extractContent(doc, page.finalUrl, trace);
    const text = ex ? renderText(ex.blocks, { title: null, plain: false }) : '';
    const plain = norm(linksAsText(text));
    const plainLoose = loose(plain);
    const dropped = trace.explanation?.dropped ?? [];
    const containers = (trace.explanation?.container ?? '').split(' + ');
    const { missed } = scorePage(page, text);
    const lost = new Set(missed);
    for (const [snippets, at] of [
      [page.with, 0],
      [page.without, 1],
    ] as const) {
      for (const s of snippets) {
        const want = loose(s);
        // Found (with), leaked (without), or only split by a link / punctuation: no rule's.
        if (want === '' || (at === 0 && !lost.has(s)) || plain.includes(norm(s)) || plainLoose.includes(want)) continue;
        const el = holder(doc, want);
        if (!el) continue;
        const path = elementPath(el);
        const rule = ruleOf(dropped, path);
        if (rule) bump(account.get(split)!, rule, at);
        if (at === 0) bump(leftOut.get(split)!, rule ?? (containers.some((c) => under(path, c)) ? INSIDE : OUTSIDE), 0);
      }
    }
  }
  const keys = (m: Map<Split, Tally>, at: 0 | 1): string[] =>
    [...new Set(SPLITS.flatMap((s) => [...m.get(s)!.keys()]))].sort(
      (a, b) =>
        SPLITS.reduce((n, s) => n + (m.get(s)!.get(b)?.[at] ?? 0), 0) -
          SPLITS.reduce((n, s) => n + (m.get(s)!.get(a)?.[at] ?? 0), 0) || a.localeCompare(b),
    );
  const out = [
    '',
    'article set, urlkit content (text): snippets left out of the answer, ' +
      'by the rule that left them out or where they are',
    '',
    row(['left out by', ...SPLITS]),
    `|---|${SPLITS.map(() => '---:').join('|')}|`,
  ];
  for (const k of keys(leftOut, 0)) out.push(row([k, ...SPLITS.map((s) => leftOut.get(s)!.get(k)?.[0] ?? 0)]));
  out.push(
    '',
    'article set: what each rule holds out of the answer, "with" snippets (lost) and "without" snippets (kept out)',
    '',
    row(['rule', ...SPLITS.flatMap((s) => [`lost (${s})`, `kept out (${s})`])]),
    `|---|${SPLITS.map(() => '---:|---:').join('|')}|`,
  );
  for (const k of keys(account, 1)) out.push(row([k, ...SPLITS.flatMap((s) => account.get(s)!.get(k) ?? [0, 0])]));
  return out;
}

const WORD = /[\p{L}\p{N}]+/gu;
const POSITIONS = ['before', 'between', 'after'] as const;

/** wcxb-dev: the share of the answer's words on lines mostly outside the truth, by position,
 *  per page type and split (answers as clean_web_content gives them). */
export function wcxbExtra(pages: readonly WcxbPage[], types: readonly string[]): string[] {
  type Acc = {
    pages: number;
    words: number;
    before: number;
    between: number;
    after: number;
    f1: number;
    ceiling: number;
  };
  const acc = new Map<string, Acc>();
  for (const page of pages) {
    const truth = tokenBag(page.truth);
    const answer = urlkitApiText(page);
    const lines = answer
      .split('\n')
      .map((l) => {
        const words = l.toLowerCase().match(WORD) ?? [];
        return { text: l, n: words.length, inTruth: words.filter((w) => truth.has(w)).length };
      })
      .filter((l) => l.n > 0);
    const good = (i: number): boolean => 2 * lines[i]!.inTruth >= lines[i]!.n;
    let first = lines.findIndex((_, i) => good(i));
    if (first === -1) first = lines.length;
    let last = -1;
    for (let i = lines.length - 1; i >= 0; i--)
      if (good(i)) {
        last = i;
        break;
      }
    const key = `${splitOf(page.site)} ${page.type}`;
    const a = acc.get(key) ?? { pages: 0, words: 0, before: 0, between: 0, after: 0, f1: 0, ceiling: 0 };
    a.pages++;
    a.f1 += scoreTokens(answer, page.truth).f1;
    a.ceiling += scoreTokens(
      lines
        .filter((_, i) => good(i))
        .map((l) => l.text)
        .join('\n'),
      page.truth,
    ).f1;
    lines.forEach((l, i) => {
      a.words += l.n;
      if (good(i)) return;
      a[i < first ? 'before' : i > last ? 'after' : 'between'] += l.n;
    });
    acc.set(key, a);
  }
  const pct = (x: number, of: number): string => (of ? ((100 * x) / of).toFixed(1) : '-');
  const out = [
    '',
    "wcxb-dev, clean_web_content: the answer's words on lines under half in the truth, % of the answer's words, " +
      'by where the line is (before the first line mostly in the truth, between, after the last)',
    '',
    row(['split', 'type', 'pages', 'words', ...POSITIONS, 'all', 'mean F1', 'with them dropped']),
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const f = (x: number): string => x.toFixed(4);
  for (const split of SPLITS) {
    const all = { pages: 0, f1: 0, ceiling: 0 };
    for (const t of types) {
      const a = acc.get(`${split} ${t}`);
      if (!a) continue;
      const extra = a.before + a.between + a.after;
      out.push(
        row([
          split,
          t,
          a.pages,
          a.words,
          ...POSITIONS.map((p) => pct(a[p], a.words)),
          pct(extra, a.words),
          f(a.f1 / a.pages),
          f(a.ceiling / a.pages),
        ]),
      );
      all.pages += a.pages;
      all.f1 += a.f1;
      all.ceiling += a.ceiling;
    }
    out.push(row([split, 'all', all.pages, '', '', '', '', '', f(all.f1 / all.pages), f(all.ceiling / all.pages)]));
  }
  return out;
}
