#!/usr/bin/python3
"""Trains and scores an element filter on the TUNE split (docs/learned-extraction.md).

    npm run build && node dist/bench/element-candidates.js --out=bench/out/element-candidates.jsonl
    /usr/bin/python3 scripts/learned/train-element-filter.py bench/out/element-candidates.jsonl \
        --write bench/out/element-model.json

Data: ../shared/bench (wcxb-dev and trafilatura-eval), read by bench/element-candidates.ts: one
line per page with the answer the rules give and, when the strict reading gave it, each judged
element inside the chosen container (features from element-features.ts, the text it holds). A
wcxb element is content when most of its word trigrams (its words, under three) occur in the
page's main_content; article-set pages have only snippets and are not trained on. The filter
leaves out, outermost first, the elements the model rates below a threshold, unless that would
leave less than a share of the answer. Threshold and share are chosen by 5-fold
cross-validation inside tune (mean page F1 of the answer less the left-out elements' words);
check pages and the article set are scored once, by the model trained on all of tune. The real
figures come from `npm run bench:quality`. Deterministic: SEED fixes every random choice.
Needs Debian's python3-sklearn (1.2).
"""
import argparse, json, math, sys
from collections import Counter
import numpy as np
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.model_selection import GroupKFold
from learned_common import SEED, bag_f1, coverage, feature_names, model_file, norm, report, tokens, trigrams, type_means, write_json

PARAMS = dict(n_estimators=150, max_depth=4, learning_rate=0.1, subsample=0.8, min_samples_leaf=20,
              random_state=SEED)
TAUS = (0.02, 0.05, 0.1, 0.15, 0.2, 0.3)
FLOORS = (0.3, 0.5)


def load(path):
    pages = [json.loads(l) for l in open(path, encoding='utf8') if l.strip()]
    for p in pages:
        p['answer_tokens'] = Counter(tokens(p['answer']))
        for e in p['elements']:
            e['tokens'] = tokens(e['text'])
        if p['set'] == 'wcxb':
            tt = tokens(p['truth'])
            p['truth_bag'] = Counter(tt)
            tri = trigrams(tt)
            for e in p['elements']:
                e['label'] = int(coverage(e['tokens'], p['truth_bag'], tri) >= 0.5)
    return pages


def left_out(p, probs, tau, floor):
    """Indices of the elements left out: outermost first, none when too much would go."""
    out = []
    inside = None  # depth of the left-out element we are inside, if any
    for i, (e, pr) in enumerate(zip(p['elements'], probs)):
        if inside is not None and e['depth'] > inside:
            continue
        inside = None
        if pr < tau:
            out.append(i)
            inside = e['depth']
    # Characters, as the filter counts them (the measure's, here the texts').
    total = len(norm(p['answer']))
    gone = sum(len(p['elements'][i]['text']) for i in out)
    if total == 0 or total - gone < floor * total:
        return []
    return out


def after_bag(p, out):
    bag = Counter(p['answer_tokens'])
    for i in out:
        bag.subtract(Counter(p['elements'][i]['tokens']))
    return +bag


def wcxb_table(pages, probs, tau, floor):
    def scored(p, pr):
        before = bag_f1(p['answer_tokens'], p['truth_bag'])
        return p['type'], before, bag_f1(after_bag(p, left_out(p, pr, tau, floor)), p['truth_bag']) if pr else before
    return type_means(scored(p, pr) for p, pr in zip(pages, probs))


def articles_f1(pages, probs, tau, floor):
    b = [0, 0, 0]
    a = [0, 0, 0]
    for p, pr in zip(pages, probs):
        text = norm(p['answer'])
        gone = [norm(p['elements'][i]['text']) for i in (left_out(p, pr, tau, floor) if pr else [])]
        for w in p['with']:
            hit = bool(text) and norm(w) in text
            b[0 if hit else 2] += 1
            lost = hit and any(norm(w) in g for g in gone)
            a[0 if hit and not lost else 2] += 1
        for w in p['without']:
            hit = bool(text) and norm(w) in text
            b[1] += hit
            a[1] += hit and not any(norm(w) in g for g in gone)
    f = lambda c: 2 * c[0] / (2 * c[0] + c[1] + c[2]) if c[0] else 0.0
    return f(b), f(a)


def matrix(pages):
    X = np.array([e['x'] for p in pages for e in p['elements']], dtype=np.float64)
    y = np.array([e['label'] for p in pages for e in p['elements']])
    # Each page weighs the same; within it, an element by its share of the page's words.
    w = []
    for p in pages:
        n = sum(len(e['tokens']) for e in p['elements']) or 1
        w.extend(0.2 / len(p['elements']) + len(e['tokens']) / n for e in p['elements'])
    return X, y, np.array(w)


def fit(pages):
    X, y, w = matrix(pages)
    m = GradientBoostingClassifier(**PARAMS)
    m.fit(X, y, sample_weight=w)
    return m


def predict(m, pages):
    return [list(m.predict_proba(np.array([e['x'] for e in p['elements']], dtype=np.float64))[:, 1])
            if p['elements'] else [] for p in pages]


def export(m, names, tau, floor, figures):
    about = ("Element filter: gradient-boosted trees rating an element inside the strict reading's container "
             "as content (scripts/learned/train-element-filter.py)")
    return model_file(about, m, names, PARAMS, figures, bias=round(math.log(m.init_.class_prior_[1] / (1 - m.init_.class_prior_[1])), 6),
                      threshold=tau, keepAtLeast=floor)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('data')
    ap.add_argument('--write')
    ap.add_argument('--names', default='bench/learned/element-features.ts')
    args = ap.parse_args()
    pages = load(args.data)
    wt = [p for p in pages if p['set'] == 'wcxb' and p['split'] == 'tune']
    wc = [p for p in pages if p['set'] == 'wcxb' and p['split'] == 'check']
    at = [p for p in pages if p['set'] == 'articles' and p['split'] == 'tune']
    ac = [p for p in pages if p['set'] == 'articles' and p['split'] == 'check']
    train = [p for p in wt if p['elements']]
    print(f'tune {len(wt)} pages ({len(train)} judged, {sum(len(p["elements"]) for p in train)} elements), '
          f'check {len(wc)}', file=sys.stderr)
    cv = {}
    for tr, te in GroupKFold(n_splits=5).split(train, groups=[p['id'] for p in train]):
        m = fit([train[i] for i in tr])
        for i, pr in zip(te, predict(m, [train[i] for i in te])):
            cv[id(train[i])] = pr
    cvp = [cv.get(id(p), []) for p in wt]
    best = None
    for floor in FLOORS:
        for tau in TAUS:
            t = wcxb_table(wt, cvp, tau, floor)['overall']
            print(f'cv tune floor {floor} tau {tau}: {t[1]:.4f} -> {t[2]:.4f}', file=sys.stderr)
            if best is None or t[2] > best[0] + 1e-9:
                best = (t[2], tau, floor)
    _, tau, floor = best
    m = fit(train)
    figures = report(wcxb_table, articles_f1, tau, floor,
                     [('tune (cross-validated)', wt, cvp), ('check', wc, predict(m, wc))],
                     [(name, ps, predict(m, ps)) for name, ps in (('tune', at), ('check', ac))])
    names = feature_names(args.names, 'ELEMENT_FEATURES', len(train[0]['elements'][0]['x']))
    if args.write:
        write_json(args.write, export(m, names, tau, floor, figures))


if __name__ == '__main__':
    main()
