#!/usr/bin/python3
"""Trains and scores a block filter on the TUNE split (docs/learned-extraction.md).

    npm run build && node dist/bench/block-candidates.js --out=bench/out/block-candidates.jsonl
    /usr/bin/python3 scripts/learned/train-block-filter.py bench/out/block-candidates.jsonl \
        --write bench/out/block-model.json

Data: ../shared/bench (wcxb-dev and trafilatura-eval), read by bench/block-candidates.ts: one line
per page with each block of the answer the rules give (features from block-features.ts, text).
A wcxb block is content when most of its word trigrams (its words, when it has fewer than three)
occur in the page's main_content; article-set pages have no full truth and are not trained on.
Only tune pages are trained on; the drop threshold is chosen by 5-fold cross-validation inside
tune (mean page F1 of the answers the filter leaves); check pages and the article set are then
scored once, by the model trained on all of tune. Deterministic: SEED fixes every random choice.
Needs Debian's python3-sklearn (1.2).
"""
import argparse, json, math, re, sys
from collections import Counter, defaultdict
import numpy as np
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.model_selection import GroupKFold
from learned_common import SEED, feature_names, model_file, norm, tokens, trigrams

PARAMS = dict(n_estimators=120, max_depth=3, learning_rate=0.1, subsample=0.8, min_samples_leaf=20,
              random_state=SEED)
TYPES = ['article', 'documentation', 'service', 'forum', 'collection', 'listing', 'product']


def load(path):
    pages = [json.loads(l) for l in open(path, encoding='utf8') if l.strip()]
    for p in pages:
        for b in p['blocks']:
            b['tokens'] = tokens(b['text'])
        if p['set'] == 'wcxb':
            tt = tokens(p['truth'])
            p['truth_bag'] = Counter(tt)
            tri = trigrams(tt)
            for b in p['blocks']:
                ts = b['tokens']
                if not ts:
                    b['label'] = 0
                elif len(ts) < 3:
                    b['label'] = int(sum(t in p['truth_bag'] for t in ts) / len(ts) >= 0.5)
                else:
                    g = trigrams(ts)
                    b['label'] = int(sum(x in tri for x in g) / len(g) >= 0.5)
    return pages


def page_f1(p, keep):
    want = p['truth_bag']
    got = Counter()
    for b, k in zip(p['blocks'], keep):
        if k:
            got.update(b['tokens'])
    wn, gn = sum(want.values()), sum(got.values())
    if wn == 0:
        return 1.0 if gn == 0 else 0.0
    if gn == 0:
        return 0.0
    common = sum(min(n, want[t]) for t, n in got.items())
    if common == 0:
        return 0.0
    pr, rc = common / gn, common / wn
    return 2 * pr * rc / (pr + rc)


def snippet_counts(p, keep):
    text = norm('\n'.join(b['text'] for b, k in zip(p['blocks'], keep) if k))
    tp = sum(1 for w in p['with'] if text and norm(w) in text)
    fp = sum(1 for w in p['without'] if text and norm(w) in text)
    return tp, fp, len(p['with']) - tp


def keeps(p, probs, tau, floor):
    keep = [pr >= tau for pr in probs]
    # The filter trims an answer; it never empties one or leaves a sliver of it.
    total = sum(len(b['text']) for b in p['blocks'])
    kept = sum(len(b['text']) for b, k in zip(p['blocks'], keep) if k)
    if total == 0 or kept < floor * total:
        return [True] * len(probs)
    return keep


def weights_of(pages):
    w = []
    for p in pages:
        n = sum(len(b['tokens']) for b in p['blocks']) or 1
        for b in p['blocks']:
            w.append(len(b['tokens']) / n)
    return np.array(w)


def matrix(pages):
    X = np.array([b['x'] for p in pages for b in p['blocks']], dtype=np.float64)
    y = np.array([b['label'] for p in pages for b in p['blocks']])
    return X, y


def fit(pages):
    X, y = matrix(pages)
    m = GradientBoostingClassifier(**PARAMS)
    m.fit(X, y, sample_weight=weights_of(pages) + 1e-3)
    return m


def predict(m, pages):
    out = []
    for p in pages:
        if not p['blocks']:
            out.append([])
            continue
        X = np.array([b['x'] for b in p['blocks']], dtype=np.float64)
        out.append(list(m.predict_proba(X)[:, 1]))
    return out


def wcxb_table(pages, probs, tau, floor):
    rows = defaultdict(lambda: [0, 0.0, 0.0])
    for p, pr in zip(pages, probs):
        before = page_f1(p, [True] * len(p['blocks']))
        after = page_f1(p, keeps(p, pr, tau, floor)) if pr else before
        for t in ('overall', p['type']):
            r = rows[t]
            r[0] += 1
            r[1] += before
            r[2] += after
    return {t: (r[0], r[1] / r[0], r[2] / r[0]) for t, r in rows.items()}


def articles_f1(pages, probs, tau, floor):
    b = [0, 0, 0]
    a = [0, 0, 0]
    for p, pr in zip(pages, probs):
        for acc, keep in ((b, [True] * len(p['blocks'])), (a, keeps(p, pr, tau, floor) if pr else [True] * len(p['blocks']))):
            tp, fp, fn = snippet_counts(p, keep)
            acc[0] += tp
            acc[1] += fp
            acc[2] += fn
    f = lambda c: 2 * c[0] / (2 * c[0] + c[1] + c[2]) if c[0] else 0
    return f(b), f(a)


def export(m, names, tau, floor, figures):
    about = 'Block filter: gradient-boosted trees over block-features.ts (scripts/learned/train-block-filter.py)'
    prior = float(m.init_.class_prior_[1])
    return model_file(about, m, names, PARAMS, figures, bias=round(math.log(prior / (1 - prior)), 6),
                      threshold=tau, keepAtLeast=floor)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('data')
    ap.add_argument('--write')
    ap.add_argument('--names', default='bench/learned/block-features.ts')
    args = ap.parse_args()
    pages = load(args.data)
    wt = [p for p in pages if p['set'] == 'wcxb' and p['split'] == 'tune' and p['blocks']]
    wc = [p for p in pages if p['set'] == 'wcxb' and p['split'] == 'check']
    at = [p for p in pages if p['set'] == 'articles' and p['split'] == 'tune']
    ac = [p for p in pages if p['set'] == 'articles' and p['split'] == 'check']
    print(f'tune {len(wt)} pages, {sum(len(p["blocks"]) for p in wt)} blocks; check {len(wc)} pages', file=sys.stderr)

    # Cross-validated probabilities for every tune page (5 folds, pages of a fold unseen).
    cv = [None] * len(wt)
    groups = [p['id'] for p in wt]
    for k, (tr, te) in enumerate(GroupKFold(n_splits=5).split(wt, groups=groups)):
        m = fit([wt[i] for i in tr])
        for i, pr in zip(te, predict(m, [wt[i] for i in te])):
            cv[i] = pr
    best = None
    for floor in (0.2, 0.4):
        for tau in (0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5):
            t = wcxb_table(wt, cv, tau, floor)['overall']
            print(f'cv tune floor {floor} tau {tau}: {t[1]:.4f} -> {t[2]:.4f}', file=sys.stderr)
            if best is None or t[2] > best[0]:
                best = (t[2], tau, floor)
    _, tau, floor = best
    m = fit(wt)
    figures = {}
    for name, ps, probs in (('tune (cross-validated)', wt, cv), ('check', wc, predict(m, wc))):
        t = wcxb_table(ps, probs, tau, floor)
        figures[f'wcxb {name}'] = {k: [v[0], round(v[1], 4), round(v[2], 4)] for k, v in t.items()}
        print(f'wcxb {name} (tau {tau}, floor {floor}): pages, before, after', file=sys.stderr)
        for k in ['overall'] + TYPES:
            if k in t:
                print(f'  {k:14s} {t[k][0]:5d} {t[k][1]:.4f} {t[k][2]:.4f}', file=sys.stderr)
    for name, ps in (('tune', at), ('check', ac)):
        b, a = articles_f1(ps, predict(m, ps), tau, floor)
        figures[f'articles {name}'] = [len(ps), round(b, 4), round(a, 4)]
        print(f'articles {name}: {len(ps)} pages, snippet F1 {b:.4f} -> {a:.4f}', file=sys.stderr)
    names = feature_names(args.names, 'BLOCK_FEATURES', len(wt[0]['blocks'][0]['x']))
    if args.write:
        with open(args.write, 'w') as f:
            json.dump(export(m, names, tau, floor, figures), f, separators=(',', ':'))
            f.write('\n')


if __name__ == '__main__':
    main()
