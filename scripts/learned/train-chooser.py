#!/usr/bin/python3
"""Trains and scores a reading chooser on the TUNE split (docs/learned-extraction.md).

    npm run build && node dist/bench/reading-candidates.js --out=bench/out/reading-candidates.jsonl
    /usr/bin/python3 scripts/learned/train-chooser.py bench/out/reading-candidates.jsonl \
        --write bench/out/candidate-model.json

Data: ../shared/bench (wcxb-dev and trafilatura-eval), read by bench/reading-candidates.ts: one
line per distinct candidate answer of a page (the rules' choice and every other attempt a reading
read), with its features (candidate-features.ts) and its score as the answer (token-bag F1 on
wcxb-dev, the page's snippet F1 on the article set). The model predicts how much better a
candidate scores than the rules' choice; the chooser takes the best candidate when that gain is
over a threshold chosen by 5-fold cross-validation inside tune. Check pages are scored once, by
the model trained on all of tune. Deterministic: SEED fixes every random choice. Needs Debian's
python3-sklearn (1.2).
"""
import argparse, json, re, sys
from collections import defaultdict
import numpy as np
from sklearn.ensemble import GradientBoostingRegressor
from sklearn.model_selection import GroupKFold
from learned_common import SEED, feature_names, model_file

PARAMS = dict(n_estimators=100, max_depth=3, learning_rate=0.05, subsample=0.8, min_samples_leaf=15,
              random_state=SEED)
TYPES = ['article', 'documentation', 'service', 'forum', 'collection', 'listing', 'product']
TAUS = (0.0, 0.02, 0.04, 0.06, 0.08, 0.1, 0.15, 0.2, 1.0)


def score(c):
    if c['set'] == 'wcxb':
        return c['f1']
    tp, fp, fn = c['tp'], c['fp'], c['fn']
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def load(path):
    pages = defaultdict(list)
    for line in open(path, encoding='utf8'):
        if line.strip():
            c = json.loads(line)
            pages[(c['set'], c['id'])].append(c)
    out = []
    for cs in pages.values():
        final = next(c for c in cs if c['final'])
        out.append({'final': final, 'others': [c for c in cs if not c['final']], 'set': final['set'],
                    'split': final['split'], 'type': final['type'], 'id': final['id']})
    return out


def fit(pages):
    X = [c['x'] for p in pages for c in p['others']]
    y = [score(c) - score(p['final']) for p in pages for c in p['others']]
    m = GradientBoostingRegressor(**PARAMS)
    m.fit(np.array(X, dtype=np.float64), np.array(y))
    return m


def predict(m, pages):
    return [list(m.predict(np.array([c['x'] for c in p['others']], dtype=np.float64))) if p['others'] else []
            for p in pages]


def chosen(p, pred, tau):
    if not pred:
        return p['final']
    i = int(np.argmax(pred))
    return p['others'][i] if pred[i] > tau else p['final']


def table(pages, preds, tau):
    wc = defaultdict(lambda: [0, 0.0, 0.0])
    art = [[0, 0, 0], [0, 0, 0]]
    for p, pr in zip(pages, preds):
        c = chosen(p, pr, tau)
        if p['set'] == 'wcxb':
            for t in ('overall', p['type']):
                wc[t][0] += 1
                wc[t][1] += score(p['final'])
                wc[t][2] += score(c)
        else:
            for acc, x in ((art[0], p['final']), (art[1], c)):
                acc[0] += x['tp']
                acc[1] += x['fp']
                acc[2] += x['fn']
    f = lambda a: 2 * a[0] / (2 * a[0] + a[1] + a[2]) if a[0] else 0.0
    res = {t: (r[0], r[1] / r[0], r[2] / r[0]) for t, r in wc.items()}
    res['articles'] = (sum(1 for p in pages if p['set'] == 'articles'), f(art[0]), f(art[1]))
    return res


def show(name, res):
    print(name, file=sys.stderr)
    for k in ['overall'] + TYPES + ['articles']:
        if k in res:
            print(f'  {k:14s} {res[k][0]:5d} {res[k][1]:.4f} -> {res[k][2]:.4f}', file=sys.stderr)


def export(m, names, tau, figures):
    about = "Reading chooser: gradient-boosted trees predicting a candidate's gain over the rules' choice " \
            "(scripts/learned/train-chooser.py)"
    return model_file(about, m, names, PARAMS, figures, bias=round(float(m.init_.constant_[0][0]), 6), threshold=tau)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('data')
    ap.add_argument('--write')
    ap.add_argument('--names', default='bench/learned/candidate-features.ts')
    args = ap.parse_args()
    pages = load(args.data)
    tune = [p for p in pages if p['split'] == 'tune']
    check = [p for p in pages if p['split'] == 'check']
    multi = [p for p in tune if p['others']]
    print(f'tune {len(tune)} pages ({len(multi)} with alternatives), check {len(check)}', file=sys.stderr)
    cv = {}
    for tr, te in GroupKFold(n_splits=5).split(multi, groups=[p['id'] for p in multi]):
        m = fit([multi[i] for i in tr])
        for i, pr in zip(te, predict(m, [multi[i] for i in te])):
            cv[id(multi[i])] = pr
    cvp = [cv.get(id(p), []) for p in tune]
    best = None
    for tau in TAUS:
        r = table(tune, cvp, tau)
        gain = (r['overall'][2] - r['overall'][1]) + (r['articles'][2] - r['articles'][1])
        print(f'cv tune tau {tau}: wcxb {r["overall"][1]:.4f} -> {r["overall"][2]:.4f}, '
              f'articles {r["articles"][1]:.4f} -> {r["articles"][2]:.4f}', file=sys.stderr)
        if best is None or gain > best[0] + 1e-9:
            best = (gain, tau)
    tau = best[1]
    m = fit(multi)
    figures = {}
    for name, ps, preds in (('tune (cross-validated)', tune, cvp), ('check', check, predict(m, check))):
        r = table(ps, preds, tau)
        show(f'{name}, tau {tau}: pages, rules, chooser', r)
        figures[name] = {k: [v[0], round(v[1], 4), round(v[2], 4)] for k, v in r.items()}
    names = feature_names(args.names, 'FEATURE_NAMES', len(multi[0]['final']['x']))
    if args.write:
        with open(args.write, 'w') as f:
            json.dump(export(m, names, tau, figures), f, separators=(',', ':'))
            f.write('\n')


if __name__ == '__main__':
    main()
