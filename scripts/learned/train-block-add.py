#!/usr/bin/python3
"""The context-and-sequence labeller (train-block-sequence.py) used only to ADD page blocks the
rules' answer left out, and only where a gate says so (docs/learned-extraction.md, "Add, gated").

    npm run build && node dist/bench/learned/page-blocks.js --out=bench/out/page-blocks.jsonl
    /usr/bin/python3 scripts/learned/train-block-add.py bench/out/page-blocks.jsonl \
        --cache bench/out/drop-cv.pkl [--check]

The labeller is the one of train-block-drop.py (trees with context, fitted on wcxb-dev's TUNE
split only, folds grouped by site; the same --cache file serves both). The gate is what the
engine knows before the labeller runs: the page's declared type, the reading that answered and
the answer's share of the page's words. Each gate family (one of those three) and each add
threshold is scored on tune only: wcxb tune cross-validated and the article set's tune split
scored by the model fitted on all of wcxb tune (no article page is trained on). A family's cells
(a type, a reading, a share band) are opened when they gain on wcxb tune and do not lower the
article set's tune F1; the chosen setting is the best wcxb tune gain over the families. The check
splits are scored only with --check, once, with the chosen setting. SEED fixes every choice.
"""
import argparse, importlib, os, pickle, sys
from learned_common import SEED, type_means
from block_eval import TYPES
from page_sequence import DECLARED_COL, features, load, micro_f1, page_f1, rules_only, snippets

seq = importlib.import_module('train-block-sequence')
drop = importlib.import_module('train-block-drop')

TAU_ADD = (0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
READING_COL = DECLARED_COL + 1
BANDS = (0.1, 0.25, 0.5, 0.75, 1.01)
# Reading names by their index in src/extract/content/readings/readings.ts (the row's column).
READINGS = ['strict', 'relaxed: unlikely kept', 'relaxed: no class weights', 'relaxed: no conditional pruning',
            'title block', 'thread posts', 'thread replies', 'declared replies', 'grid', 'grid in place',
            'whole page (declared article)', 'whole page', 'many sections', 'grid for supplements',
            'grid after whole page', 'json-ld body']


def answer_share(p):
    total = sum(len(b['tokens']) for b in p['page']) or 1
    return sum(len(b['tokens']) for i, b in enumerate(p['page']) if p['inside'][i]) / total


def cell(p, family):
    if not len(p['page']):
        return None
    if family == 'declared':
        return drop.declared(p)
    if family == 'reading':
        return int(p['X'][0, READING_COL])
    s = answer_share(p)
    return next(i for i, b in enumerate(BANDS) if s < b)


def decide(p, probs, tau_add, family, open_cells):
    if not len(probs) or cell(p, family) not in open_cells:
        return rules_only(p)
    return seq.decide(p, probs, 0.0, tau_add, 0.0, 0.4, None)


def wcxb(pages, probs, tau_add, family, open_cells):
    def scored(p, pr):
        return p['type'], page_f1(p, *rules_only(p)), page_f1(p, *decide(p, pr, tau_add, family, open_cells))
    return type_means(scored(p, pr) for p, pr in zip(pages, probs))


def articles(pages, probs, tau_add, family, open_cells):
    before = micro_f1([snippets(p, *rules_only(p)) for p in pages])
    after = micro_f1([snippets(p, *decide(p, q, tau_add, family, open_cells)) for p, q in zip(pages, probs)])
    return before, after


def cells_of(pages, family):
    return sorted({cell(p, family) for p in pages if cell(p, family) is not None}, key=str)


def choose(wt, cv, at, ap):
    """For each family and add threshold: the cells that gain on wcxb tune (cv) and do not lower
    the article set's tune F1, each alone; then the union's figures. Best wcxb tune gain wins."""
    best = None
    for family in ('declared', 'reading', 'share'):
        cells = cells_of(wt + at, family)
        for ta in TAU_ADD:
            opened = []
            rows = []
            for c in cells:
                t = wcxb(wt, cv, ta, family, {c})['overall']
                a0, a1 = articles(at, ap, ta, family, {c})
                n = sum(1 for p in wt if cell(p, family) == c)
                m = sum(1 for p in at if cell(p, family) == c)
                gain = (t[2] - t[1]) * t[0]
                name = f'{c} ({READINGS[c]})' if family == 'reading' else c
                rows.append(f'{name}: wcxb {n} pages {gain:+.3f} (sum of page gains), articles {m} pages {a1 - a0:+.4f}')
                if gain > 0 and a1 >= a0:
                    opened.append(c)
            t = wcxb(wt, cv, ta, family, set(opened))['overall']
            a0, a1 = articles(at, ap, ta, family, set(opened))
            print(f'{family} add over {ta}: open {opened}: wcxb tune cv {t[1]:.4f} -> {t[2]:.4f} {t[2] - t[1]:+.4f}, '
                  f'articles tune {a0:.4f} -> {a1:.4f} {a1 - a0:+.4f}')
            for r in rows:
                print('    ' + r)
            if a1 >= a0 and (best is None or t[2] - t[1] > best[0]):
                best = (t[2] - t[1], family, ta, tuple(opened))
    return best[1:]


def article_ceiling(pages):
    """What a perfect labeller of the page's blocks wins on the article set: each block holding a
    `with` snippet outside the answer is added, each holding a `without` snippet inside it is
    dropped, in page order, a change kept only when the page's errors (leaked and missed
    snippets) fall. The bound of any block labeller on these blocks."""
    keep_all, found, errors = [], [], []
    for p in pages:
        keep, add = rules_only(p)
        tp, fp, fn = snippets(p, keep, add)
        for i, b in enumerate(p['page']):
            t = ' '.join(b['text'].split())
            if not t:
                continue
            inside = p['inside'][i]
            holds_with = any(' '.join(w.split()) in t for w in p['with'])
            holds_without = any(' '.join(w.split()) in t for w in p['without'])
            if inside and holds_without:
                keep[i] = False
            elif not inside and holds_with:
                add[i] = True
            else:
                continue
            c = snippets(p, keep, add)
            if c[1] + c[2] < fp + fn:
                tp, fp, fn = c
            else:
                keep[i], add[i] = True, False
        keep_all.append((tp, fp, fn))
    return micro_f1(keep_all), sum(c[1] for c in keep_all), sum(c[2] for c in keep_all)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('data')
    ap.add_argument('--cache', required=True, help="train-block-drop.py's cache (cross-validated scores, model)")
    ap.add_argument('--check', action='store_true', help='score the check splits (once) with the setting chosen on tune')
    ap.add_argument('--setting', help='skip the choice: family,add over,cell;cell;...')
    ap.add_argument('--article-ceiling', action='store_true',
                    help="print the article set's ceiling of a perfect block labeller (both splits) and stop")
    args = ap.parse_args()
    pages = load(args.data)
    if args.article_ceiling:
        for name in ('tune', 'check'):
            ps = [p for p in pages if p['set'] == 'articles' and p['split'] == name]
            rules = [snippets(p, *rules_only(p)) for p in ps]
            f, fp, fn = article_ceiling(ps)
            print(f'articles {name}: {len(ps)} pages, rules {micro_f1(rules):.4f} (leaked {sum(c[1] for c in rules)}, '
                  f'missed {sum(c[2] for c in rules)}) -> perfect block labeller {f:.4f} (leaked {fp}, missed {fn})')
        return
    for p in pages:
        p['X'] = features(p)
    split = lambda s, n: [p for p in pages if p['set'] == s and p['split'] == n]
    wt = [p for p in split('wcxb', 'tune') if p['page']]
    wc, at, ac = split('wcxb', 'check'), split('articles', 'tune'), split('articles', 'check')
    if os.path.exists(args.cache):
        cache = pickle.load(open(args.cache, 'rb'))
    else:
        cache = {'cv': drop.cross_validated(wt, lambda ps: seq.fit(ps, True))}
        cache['model'] = seq.fit(wt, True)
        pickle.dump(cache, open(args.cache, 'wb'))
    cv, m = cache['cv'], cache['model']
    assert len(cv) == len(wt), 'the cache is of another dump'
    print(f'wcxb tune {len(wt)} pages, check {len(wc)}; articles tune {len(at)}, check {len(ac)}; seed {SEED}',
          file=sys.stderr)
    ap_tune = seq.predict(m, at, True)
    if args.setting:
        family, ta, cells = args.setting.split(',')
        conv = str if family == 'declared' else int
        setting = (family, float(ta), tuple(conv(c) for c in cells.split(';') if c))
    else:
        setting = choose(wt, cv, at, ap_tune)
    family, ta, opened = setting
    print(f'chosen on tune: {family}, add over {ta}, open on {list(opened)}')
    tune = wcxb(wt, cv, ta, family, set(opened))
    a0, a1 = articles(at, ap_tune, ta, family, set(opened))
    if not args.check:
        drop.side_by_side('wcxb tune cv: | type | pages | rules | add | gain |', tune, tune)
        print(f'articles tune: {a0:.4f} -> {a1:.4f} {a1 - a0:+.4f}')
        return
    check = wcxb(wc, seq.predict(m, wc, True), ta, family, set(opened))
    c0, c1 = articles(ac, seq.predict(m, ac, True), ta, family, set(opened))
    drop.side_by_side('| type | tune pages | tune rules | tune add | gain | check pages | check rules | check add | gain |',
                      tune, check)
    print(f'| articles F1 | {len(at)} | {a0:.4f} | {a1:.4f} | {a1 - a0:+.4f} | {len(ac)} | {c0:.4f} | {c1:.4f} | '
          f'{c1 - c0:+.4f} |')


if __name__ == '__main__':
    main()
