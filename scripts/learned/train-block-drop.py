#!/usr/bin/python3
"""The context-and-sequence labeller (train-block-sequence.py) used only to DROP blocks of the
rules' answer, never to add (docs/learned-extraction.md, "Drop only").

    npm run build && node dist/bench/learned/page-blocks.js --out=bench/out/page-blocks.jsonl
    /usr/bin/python3 scripts/learned/train-block-drop.py bench/out/page-blocks.jsonl [--check]

Trained on wcxb-dev's TUNE split only, each block weighed by its share of its page's words. The
drop threshold, the keep-at-least floor and the page-type gate (the engine's declared type, the
one the pipeline knows: a type is left alone when dropping loses on it in tune) are chosen on
tune only: wcxb tune cross-validated (5 folds grouped by site) and the article set's tune split
scored by the model fitted on all of wcxb tune (no article page is trained on). The rule: the
best wcxb tune gain among the settings that do not lower the article set's tune F1. The check
splits are scored only with --check, once, with the chosen settings. SEED fixes every choice.
"""
import argparse, importlib, os, pickle, sys
import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import GroupKFold
from learned_common import SEED, type_means
from block_eval import TYPES
from page_sequence import DECLARED_COL, features, load, micro_f1, page_f1, rules_only, snippets

seq = importlib.import_module('train-block-sequence')

TAU_DROP = (0.02, 0.05, 0.08, 0.1, 0.12, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5)
FLOORS = (0.4, 0.6, 0.8)
# The engine's declared page type (bench/learned/candidate-features.ts DECLARED_TYPES).
DECLARED = ['unknown', 'article', 'product', 'forum', 'listing']


def declared(p):
    return DECLARED[int(p['X'][0, DECLARED_COL])] if len(p['page']) else 'unknown'


def keep_of(p, probs, tau, floor, gate):
    """The answer's blocks kept: those scoring at least tau, unless the page's declared type is
    gated off or the answer would keep under `floor` of its words."""
    keep, add = rules_only(p)
    if not len(probs) or declared(p) in gate:
        return keep, add
    for i, b in enumerate(p['page']):
        if p['inside'][i] and b['tokens'] and probs[i] < tau:
            keep[i] = False
    return seq.guarded(p, keep, add, floor)


def wcxb(pages, probs, tau, floor, gate, by='type'):
    def scored(p, pr):
        before = page_f1(p, *rules_only(p))
        return (p['type'] if by == 'type' else declared(p)), before, page_f1(p, *keep_of(p, pr, tau, floor, gate))
    return type_means(scored(p, pr) for p, pr in zip(pages, probs))


def articles(pages, probs, tau, floor, gate):
    before = micro_f1([snippets(p, *rules_only(p)) for p in pages])
    after = micro_f1([snippets(p, *keep_of(p, q, tau, floor, gate)) for p, q in zip(pages, probs)])
    return before, after


def fit_inside(pages):
    """The same trees fitted on the answer's blocks alone (the only blocks a drop decides on)."""
    X = np.vstack([p['X'] for p in pages])
    y = np.array([b['label'] for p in pages for b in p['page']])
    w = seq.weights(pages)
    k = np.array([v for p in pages for v in p['inside']], dtype=bool) & (y >= 0)
    m = HistGradientBoostingClassifier(**seq.PARAMS)
    m.fit(X[k], y[k], sample_weight=w[k])
    return m


def cross_validated(wt, fit):
    cv = [None] * len(wt)
    for tr, te in GroupKFold(n_splits=5).split(wt, groups=[p['site'] for p in wt]):
        m = fit([wt[i] for i in tr])
        for i, pr in zip(te, seq.predict(m, [wt[i] for i in te], True)):
            cv[i] = pr
    return cv


def choose(wt, cv, at, ap):
    """Threshold and floor first (no gate), then the gate: the declared types whose wcxb tune gain
    at that setting is below zero. Returns (tau, floor, gate)."""
    print('drop under, floor: wcxb tune cv (rules -> drop), articles tune (rules -> drop)')
    best = None
    for fl in FLOORS:
        for td in TAU_DROP:
            t = wcxb(wt, cv, td, fl, ())['overall']
            a0, a1 = articles(at, ap, td, fl, ())
            print(f'  {td:4} {fl:3}  {t[1]:.4f} -> {t[2]:.4f} {t[2] - t[1]:+.4f}   {a0:.4f} -> {a1:.4f} {a1 - a0:+.4f}')
            if a1 >= a0 and (best is None or t[2] - t[1] > best[0]):
                best = (t[2] - t[1], td, fl)
    _, td, fl = best
    by_declared = wcxb(wt, cv, td, fl, (), by='declared')
    print(f'at {td}, {fl}, wcxb tune cv by declared type: pages, rules, drop, gain')
    for k in DECLARED:
        if k in by_declared:
            n, b, a = by_declared[k]
            print(f'  {k:10s} {n:5d} {b:.4f} {a:.4f} {a - b:+.4f}')
    gate = tuple(k for k in DECLARED if k in by_declared and by_declared[k][2] < by_declared[k][1])
    return td, fl, gate


def drops(wt, cv):
    """What the drop takes at each threshold (wcxb tune, cross-validated, no floor): the answer's
    words it drops, the share of them that are content, and the share of the answer's non-content
    words it finds."""
    ins, y, n, pr = [], [], [], []
    for p, q in zip(wt, cv):
        for i, b in enumerate(p['page']):
            if p['inside'][i] and b['tokens']:
                ins.append(1)
                y.append(b['label'])
                n.append(len(b['tokens']))
                pr.append(q[i])
    y, n, pr = np.array(y), np.array(n, dtype=float), np.array(pr)
    furniture = n[y == 0].sum()
    print(f"answer blocks with words {len(y)}, words {n.sum():.0f}, of them not content {furniture / n.sum():.3f}")
    print('drop under: blocks, words dropped, of them content, share of the non-content words found')
    for td in TAU_DROP:
        d = pr < td
        print(f'  {td:4}  {d.sum():6d} {n[d].sum():8.0f}  {n[d & (y == 1)].sum() / max(n[d].sum(), 1):.3f}  '
              f'{n[d & (y == 0)].sum() / furniture:.3f}')


def side_by_side(title, tune, check):
    print(title)
    for k in ['overall'] + TYPES:
        if k in tune and k in check:
            (n, b, a), (m, c, d) = tune[k], check[k]
            print(f'| {k} | {n} | {b:.4f} | {a:.4f} | {a - b:+.4f} | {m} | {c:.4f} | {d:.4f} | {d - c:+.4f} |')


def tree_arrays(m):
    """Each tree of a fitted HistGradientBoostingClassifier as arrays over its nodes (a node goes
    left when x[feature] <= threshold; a leaf has left -1 and its value, the learning rate applied
    already). The rows carry no missing values, so the missing-value side is not kept."""
    trees = []
    for (pred,) in m._predictors:
        n = pred.nodes
        leaf = n['is_leaf'].astype(bool)
        trees.append({
            'feature': [0 if l else int(f) for f, l in zip(n['feature_idx'], leaf)],
            'threshold': [0 if l else float(t) for t, l in zip(n['num_threshold'], leaf)],
            'left': [-1 if l else int(c) for c, l in zip(n['left'], leaf)],
            'right': [-1 if l else int(c) for c, l in zip(n['right'], leaf)],
            'value': [float(v) if l else 0 for v, l in zip(n['value'], leaf)],
        })
    return trees


def write_model(path, m, td, fl, gate, figures):
    import json
    model = {
        'about': 'The context-and-sequence block labeller used only to drop blocks of the rules\' answer '
                 '(scripts/learned/train-block-drop.py; docs/learned-extraction.md, "Drop only")',
        'seed': SEED, 'params': {k: v for k, v in seq.PARAMS.items() if k != 'random_state'}, 'figures': figures,
        'width': int(m.n_features_in_), 'baseline': float(np.ravel(m._baseline_prediction)[0]),
        'dropUnder': td, 'floor': fl, 'gate': list(gate), 'trees': tree_arrays(m),
    }
    with open(path, 'w') as f:
        json.dump(model, f, separators=(',', ':'))
        f.write('\n')
    print(f'model written to {path} ({os.path.getsize(path)} bytes)', file=sys.stderr)


def write_rows(path, m, pages, limit=60):
    """Rows of the first check pages (up to `limit`) with the model's score of each."""
    import json
    rows = []
    for p in pages:
        if len(rows) >= limit:
            break
        if len(p['page']):
            rows += [list(map(float, r)) for r in p['X'][:limit - len(rows)]]
    scores = m.predict_proba(np.array(rows))[:, 1]
    with open(path, 'w') as f:
        json.dump({'rows': rows, 'scores': [float(s) for s in scores]}, f, separators=(',', ':'))
        f.write('\n')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('data')
    ap.add_argument('--check', action='store_true', help='score the check splits (once) with the settings chosen on tune')
    ap.add_argument('--cache', help='keep the cross-validated scores and the full model in this file')
    ap.add_argument('--drops', action='store_true', help='print what the drop takes at each threshold (tune)')
    ap.add_argument('--inside-only', action='store_true',
                    help="fit the trees on the answer's blocks alone (the labeller fits on every page block)")
    ap.add_argument('--write', metavar='FILE', help='write the model (trees, threshold, floor, gate, figures) as JSON')
    ap.add_argument('--rows', metavar='FILE', help="write some check pages' rows with the model's scores "
                    '(to test an inference of the model file against)')
    args = ap.parse_args()
    pages = load(args.data)
    for p in pages:
        p['X'] = features(p)
    split = lambda s, n: [p for p in pages if p['set'] == s and p['split'] == n]
    wt = [p for p in split('wcxb', 'tune') if p['page']]
    wc, at, ac = split('wcxb', 'check'), split('articles', 'tune'), split('articles', 'check')
    print(f'wcxb tune {len(wt)} pages, {sum(len(p["page"]) for p in wt)} blocks, {len({p["site"] for p in wt})} sites; '
          f'check {len(wc)}; articles tune {len(at)}, check {len(ac)}; seed {SEED}', file=sys.stderr)
    cache = pickle.load(open(args.cache, 'rb')) if args.cache and os.path.exists(args.cache) else {}
    fit = fit_inside if args.inside_only else (lambda ps: seq.fit(ps, True))
    if 'cv' not in cache:
        cache['cv'] = cross_validated(wt, fit)
        cache['model'] = fit(wt)
        if args.cache:
            pickle.dump(cache, open(args.cache, 'wb'))
    cv, m = cache['cv'], cache['model']
    if args.drops:
        drops(wt, cv)
    ap_tune = seq.predict(m, at, True)
    td, fl, gate = choose(wt, cv, at, ap_tune)
    print(f'chosen on tune: drop under {td}, floor {fl}, gate off on {list(gate) or "none"}')
    tune = wcxb(wt, cv, td, fl, gate)
    a0, a1 = articles(at, ap_tune, td, fl, gate)
    figures = {'wcxb_tune_cv': tune['overall'][1:], 'articles_tune': (a0, a1)}
    if args.write:
        write_model(args.write, m, td, fl, gate, figures)
    if args.rows:
        write_rows(args.rows, m, wc)
    if not args.check:
        side_by_side('wcxb tune cv: | type | pages | rules | drop | gain |', tune, tune)
        print(f'articles tune: {a0:.4f} -> {a1:.4f} {a1 - a0:+.4f}')
        return
    check = wcxb(wc, seq.predict(m, wc, True), td, fl, gate)
    c0, c1 = articles(ac, seq.predict(m, ac, True), td, fl, gate)
    side_by_side('| type | tune pages | tune rules | tune drop | gain | check pages | check rules | check drop | gain |',
                 tune, check)
    print(f'| articles F1 | {len(at)} | {a0:.4f} | {a1:.4f} | {a1 - a0:+.4f} | {len(ac)} | {c0:.4f} | {c1:.4f} | {c1 - c0:+.4f} |')


if __name__ == '__main__':
    main()
