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
import argparse, math, sys
import numpy as np
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.model_selection import GroupKFold
from learned_common import SEED, feature_names, model_file, report, write_json
from block_eval import articles_f1, load, wcxb_table, weights_of

PARAMS = dict(n_estimators=120, max_depth=3, learning_rate=0.1, subsample=0.8, min_samples_leaf=20,
              random_state=SEED)


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
    figures = report(wcxb_table, articles_f1, tau, floor,
                     [('tune (cross-validated)', wt, cv), ('check', wc, predict(m, wc))],
                     [(name, ps, predict(m, ps)) for name, ps in (('tune', at), ('check', ac))])
    names = feature_names(args.names, 'BLOCK_FEATURES', len(wt[0]['blocks'][0]['x']))
    if args.write:
        write_json(args.write, export(m, names, tau, floor, figures))


if __name__ == '__main__':
    main()
