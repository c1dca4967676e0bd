#!/usr/bin/python3
"""Trains and scores a block filter on the words (docs/learned-extraction.md): a logistic
regression over hashed features of a kind the rules lack, beside the rules' own measures.

    npm run build && node dist/bench/block-candidates.js --out=bench/out/block-candidates.jsonl
    /usr/bin/python3 scripts/learned/train-block-words.py bench/out/block-candidates.jsonl [--check]

Features of each block of the rules' answer (bench/block-candidates.ts):
- its words: lower-cased word unigrams and bigrams of its text (the wcxb metric's tokens);
- its place: the tag and class/id words of the element it was read from, and of its ancestors;
- its kind, the reading that chose the answer and the page's declared type (one-hot), and the
  32 measures of block-features.ts (standardised on tune).
Words and places are hashed (FNV-1a, 32 bits) into 2^BITS buckets, so no vocabulary ships.

Trained on the TUNE split only. Folds are grouped by site (no site's pages on both sides of a
fold); C, the drop threshold and the keep-at-least floor are chosen by 5-fold cross-validation
inside tune on the mean page F1 of the answers the filter leaves. Each block weighs its share of
its page's words. The check split and the article set are scored only with --check, once, by the
model trained on all of tune with the chosen settings. SEED fixes every choice; the output is the
same on every run. Needs Debian's python3-sklearn (1.2).
"""
import argparse, json, re, sys
from collections import Counter
import numpy as np
from scipy import sparse
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GroupKFold
from learned_common import SEED
from block_eval import TYPES, articles_f1, load, wcxb_table, weights_of

BITS = 18
C_GRID = (0.3, 1.0, 3.0, 10.0)
TAUS = (0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5)
FLOORS = (0.2, 0.4)
# block-features.ts columns read as categories: kind, declared_type, reading.
KIND, DECLARED, READING = 0, 25, 26
DIGIT = re.compile(r'\d')


def fnv1a(s):
    h = 0x811c9dc5
    for byte in s.encode('utf8'):
        h = ((h ^ byte) * 0x01000193) & 0xffffffff
    return h


def hashed(b):
    """The block's hashed words, places and categories, each group scaled to unit length."""
    ts = b['tokens']
    words = {'w:' + t for t in ts} | {'b:' + a + ' ' + c for a, c in zip(ts, ts[1:])}
    place = {'o:' + w for w in b['place']['own'] if not DIGIT.search(w)}
    place |= {'u:' + w for w in b['place']['up'] if not DIGIT.search(w)}
    x = b['x']
    cats = {f'k:{int(x[KIND])}', f'd:{int(x[DECLARED])}', f'r:{int(x[READING])}',
            f'kd:{int(x[KIND])}:{int(x[DECLARED])}'}
    out = {}
    for group in (words, place, cats):
        if not group:
            continue
        v = 1 / np.sqrt(len(group))
        for f in group:
            i = fnv1a(f) & ((1 << BITS) - 1)
            out[i] = out.get(i, 0.0) + v
    return out


def cosine(a, b):
    dot = sum(v * b.get(k, 0) for k, v in a.items())
    na = np.sqrt(sum(v * v for v in a.values()))
    nb = np.sqrt(sum(v * v for v in b.values()))
    return dot / (na * nb) if na and nb else 0.0


def cohesion(p):
    """How much each block's words are the rest of the answer's: cosine with the rest of the answer
    and with its lead (the blocks holding its first fifth of words), and the share of the block's
    words found elsewhere in the answer."""
    bags = [Counter(b['tokens']) for b in p['blocks']]
    total = Counter()
    for g in bags:
        total.update(g)
    n = sum(total.values()) or 1
    lead = Counter()
    seen = 0
    for g in bags:
        if seen >= n / 5:
            break
        lead.update(g)
        seen += sum(g.values())
    for b, g in zip(p['blocks'], bags):
        rest = total - g
        found = sum(v for k, v in g.items() if k in rest)
        b['x'] = b['x'] + [cosine(g, rest), cosine(g, lead - g), found / (sum(g.values()) or 1)]


def prepare(pages, with_cohesion):
    for p in pages:
        if with_cohesion:
            cohesion(p)
        for b in p['blocks']:
            b['h'] = hashed(b)


def matrix(pages, scale):
    rows, cols, vals = [], [], []
    dense = []
    r = 0
    for p in pages:
        for b in p['blocks']:
            for i, v in b['h'].items():
                rows.append(r)
                cols.append(i)
                vals.append(v)
            dense.append(b['x'])
            r += 1
    H = sparse.csr_matrix((vals, (rows, cols)), shape=(r, 1 << BITS))
    D = np.clip((np.array(dense, dtype=np.float64) - scale[0]) / scale[1], -5, 5) if r else np.zeros((0, len(scale[0])))
    return sparse.hstack([H, sparse.csr_matrix(D)]).tocsr()


def scale_of(pages):
    X = np.array([b['x'] for p in pages for b in p['blocks']], dtype=np.float64)
    sd = X.std(axis=0)
    return X.mean(axis=0), np.where(sd > 0, sd, 1.0)


def fit(pages, C):
    scale = scale_of(pages)
    y = np.array([b['label'] for p in pages for b in p['blocks']])
    m = LogisticRegression(C=C, solver='liblinear', random_state=SEED, max_iter=1000)
    m.fit(matrix(pages, scale), y, sample_weight=weights_of(pages) + 1e-3)
    return m, scale


def predict(model, pages):
    m, scale = model
    out = []
    for p in pages:
        out.append(list(m.predict_proba(matrix([p], scale))[:, 1]) if p['blocks'] else [])
    return out


def weighted_auc(pages, probs):
    from sklearn.metrics import roc_auc_score
    y = [b['label'] for p in pages for b in p['blocks']]
    s = [x for pr in probs for x in pr]
    return roc_auc_score(y, s), roc_auc_score(y, s, sample_weight=weights_of(pages))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('data')
    ap.add_argument('--check', action='store_true', help='score the check split and the article set (once)')
    ap.add_argument('--cohesion', action='store_true', help="add how much each block's words are the answer's")
    ap.add_argument('--c', type=float, help='cross-validate this C only (one of C_GRID, as chosen before)')
    args = ap.parse_args()
    pages = load(args.data)
    prepare(pages, args.cohesion)
    wt = [p for p in pages if p['set'] == 'wcxb' and p['split'] == 'tune' and p['blocks']]
    print(f'tune {len(wt)} pages, {sum(len(p["blocks"]) for p in wt)} blocks, '
          f'{len({p["site"] for p in wt})} sites', file=sys.stderr)

    folds = list(GroupKFold(n_splits=5).split(wt, groups=[p['site'] for p in wt]))
    best = None
    for C in [args.c] if args.c else C_GRID:
        cv = [None] * len(wt)
        for tr, te in folds:
            model = fit([wt[i] for i in tr], C)
            for i, pr in zip(te, predict(model, [wt[i] for i in te])):
                cv[i] = pr
        auc, wauc = weighted_auc(wt, cv)
        for floor in FLOORS:
            for tau in TAUS:
                t = wcxb_table(wt, cv, tau, floor)['overall']
                if best is None or t[2] > best[0]:
                    best = (t[2], C, tau, floor, cv)
        print(f'cv tune C {C}: AUC {auc:.3f}, word-weighted {wauc:.3f}; best so far '
              f'{best[0]:.4f} (C {best[1]}, tau {best[2]}, floor {best[3]})', file=sys.stderr)
    _, C, tau, floor, cv = best
    t = wcxb_table(wt, cv, tau, floor)
    print(f'wcxb tune, cross-validated (C {C}, tau {tau}, floor {floor}, seed {SEED}): pages, before, after')
    for k in ['overall'] + TYPES:
        if k in t:
            print(f'  {k:14s} {t[k][0]:5d} {t[k][1]:.4f} {t[k][2]:.4f}')
    if not args.check:
        return
    wc = [p for p in pages if p['set'] == 'wcxb' and p['split'] == 'check']
    at = [p for p in pages if p['set'] == 'articles' and p['split'] == 'tune']
    ac = [p for p in pages if p['set'] == 'articles' and p['split'] == 'check']
    model = fit(wt, C)
    probs = predict(model, wc)
    t = wcxb_table(wc, probs, tau, floor)
    auc, wauc = weighted_auc([p for p in wc if p['blocks']], [pr for p, pr in zip(wc, probs) if p['blocks']])
    print(f'wcxb check (AUC {auc:.3f}, word-weighted {wauc:.3f}): pages, before, after')
    for k in ['overall'] + TYPES:
        if k in t:
            print(f'  {k:14s} {t[k][0]:5d} {t[k][1]:.4f} {t[k][2]:.4f}')
    for name, ps in (('tune', at), ('check', ac)):
        b, a = articles_f1(ps, predict(model, ps), tau, floor)
        print(f'articles {name}: {len(ps)} pages, snippet F1 {b:.4f} -> {a:.4f}')


if __name__ == '__main__':
    main()
