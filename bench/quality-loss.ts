// npm run bench:quality-loss: where the content profile loses, on both development sets and both
// splits (quality-split.ts), before anything is changed to win it back.
//  - wcxb-dev, per page type: the mean page F1 of the rules' answer, its loss (1 - F1, as a share
//    of the set's mean) from pages read too wide (precision below recall), too narrow (recall below
//    precision) or empty, the part of each from pages badly so (precision or recall under 0.5), and
//    the ceiling of choosing among the readings: the mean F1 if each page took the best of the
//    answers its readings read (reading-candidates.ts).
//  - the article set: snippets found, leaked and missed (micro F1) and the same ceiling.
// The answers are the content profile's alone (no fallback to the index profile).
import { loadWcxb, scoreTokens } from './wcxb.js';
import { loadCorpus } from './corpus.js';
import { siteOf, splitOf, SPLITS, type Split } from './quality-split.js';
import { candidates } from './reading-candidates.js';

const TYPES = ['article', 'documentation', 'service', 'forum', 'collection', 'listing', 'product'];
const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();
const f = (x: number): string => x.toFixed(3);

interface Loss {
  pages: number;
  f1: number;
  best: number;
  wide: number;
  narrow: number;
  empty: number;
  wideBadly: number;
  narrowBadly: number;
}

const zero = (): Loss => ({ pages: 0, f1: 0, best: 0, wide: 0, narrow: 0, empty: 0, wideBadly: 0, narrowBadly: 0 });

function wcxb(limit: number): string[] {
  const rows = new Map<string, Loss>();
  for (const page of loadWcxb(limit)) {
    const split = splitOf(page.site);
    const cs = candidates(page.html, page.finalUrl, true).map((c) => scoreTokens(c.text, page.truth));
    const s = cs[0]!;
    const lost = 1 - s.f1;
    for (const key of [`${split} overall`, `${split} ${page.type}`]) {
      const r = rows.get(key) ?? zero();
      rows.set(key, r);
      r.pages++;
      r.f1 += s.f1;
      r.best += Math.max(...cs.map((c) => c.f1));
      if (s.p === 0 && s.r === 0) r.empty += lost;
      else if (s.p < s.r) {
        r.wide += lost;
        if (s.p < 0.5) r.wideBadly += lost;
      } else {
        r.narrow += lost;
        if (s.r < 0.5) r.narrowBadly += lost;
      }
    }
  }
  const out = [
    'wcxb-dev, content profile: mean page F1 and its loss (1 - F1, mean over the pages) by kind',
    '| split | type | pages | F1 | too wide | of it P<0.5 | too narrow | of it R<0.5 | empty | best reading |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const split of SPLITS) {
    for (const t of ['overall', ...TYPES]) {
      const r = rows.get(`${split} ${t}`);
      if (!r) continue;
      const m = (x: number): string => f(x / r.pages);
      out.push(
        `| ${split} | ${t} | ${r.pages} | ${m(r.f1)} | ${m(r.wide)} | ${m(r.wideBadly)} | ${m(r.narrow)} | ` +
          `${m(r.narrowBadly)} | ${m(r.empty)} | ${m(r.best)} |`,
      );
    }
  }
  return out;
}

function articles(limit: number): string[] {
  const rows = new Map<Split, { pages: number; tp: number; fp: number; fn: number; best: [number, number, number] }>();
  for (const page of loadCorpus(limit)) {
    const split = splitOf(siteOf(page.url));
    const counts = candidates(page.html, page.finalUrl, false).map((c) => {
      const text = norm(c.text);
      const tp = page.with.filter((w) => text !== '' && text.includes(norm(w))).length;
      const fp = page.without.filter((w) => text !== '' && text.includes(norm(w))).length;
      return [tp, fp, page.with.length - tp] as [number, number, number];
    });
    const pageF1 = (c: [number, number, number]): number => (c[0] ? (2 * c[0]) / (2 * c[0] + c[1] + c[2]) : 0);
    const best = counts.reduce((a, b) => (pageF1(b) > pageF1(a) ? b : a));
    const r = rows.get(split) ?? { pages: 0, tp: 0, fp: 0, fn: 0, best: [0, 0, 0] };
    rows.set(split, r);
    r.pages++;
    r.tp += counts[0]![0];
    r.fp += counts[0]![1];
    r.fn += counts[0]![2];
    for (let i = 0; i < 3; i++) r.best[i]! += best[i]!;
  }
  const micro = (tp: number, fp: number, fn: number): string => f(tp ? (2 * tp) / (2 * tp + fp + fn) : 0);
  const out = [
    'article set, content profile (text): snippets found / leaked / missed, micro F1',
    '| split | pages | found | leaked | missed | F1 | best reading |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const split of SPLITS) {
    const r = rows.get(split);
    if (!r) continue;
    out.push(
      `| ${split} | ${r.pages} | ${r.tp} | ${r.fp} | ${r.fn} | ${micro(r.tp, r.fp, r.fn)} | ${micro(...r.best)} |`,
    );
  }
  return out;
}

const limitArg = process.argv.find((a) => a.startsWith('--limit='))?.slice(8);
const limit = limitArg ? Number(limitArg) : Infinity;
console.log([...wcxb(limit), '', ...articles(limit)].join('\n'));
