#!/usr/bin/python3
"""Trains and scores a block labeller that reads each block with its neighbours
(docs/learned-extraction.md, "Context and sequence"): gradient-boosted trees over every block of
the page, with the features of the blocks around it, of its section and of its containers, then a
smoothing step over the page's sequence (a two-state Viterbi pass), deciding both which blocks of
the rules' answer to drop and which page blocks the rules left out to add.

    npm run build && node dist/bench/learned/page-blocks.js --out=bench/out/page-blocks.jsonl
    /usr/bin/python3 scripts/learned/train-block-sequence.py bench/out/page-blocks.jsonl [--check]

Trained on the TUNE split of wcxb-dev only. Folds are grouped by site; the drop and add thresholds,
the smoothing strength and the keep-at-least floor are chosen by 5-fold cross-validation inside
tune on the mean page F1. Printed first: the ceilings (a perfect labeller dropping only, adding
only, both), then the labeller without context (a block's own measures) and with it, each
cross-validated on tune. The check split and the article set are scored only with --check, once,
by the labeller with context trained on all of tune with the chosen settings. SEED fixes every
choice. Needs Debian's python3-sklearn (1.2).
"""
import argparse, math, os, pickle, sys
import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import GroupKFold
from learned_common import SEED, type_means
from block_eval import TYPES
from page_sequence import features, label_articles, load, micro_f1, own_only, page_f1, rules_only, snippets

TAU_DROP = (0.0, 0.05, 0.1, 0.2, 0.3, 0.4)
TAU_ADD = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01)
SMOOTH = (0.0, 0.5, 1.0)
FLOORS = (0.4,)
MARGINS = (0.0, 0.01, 0.02, 0.05, 0.1, 0.2)
PARAMS = dict(max_iter=200, learning_rate=0.1, max_leaf_nodes=31, min_samples_leaf=40,
              l2_regularization=1.0, early_stopping=False, random_state=SEED)


def weights(pages):
    """Each block weighs its share of its page's words: a page weighs one, its long blocks decide it."""
    w = []
    for p in pages:
        n = sum(len(b['tokens']) for b in p['page']) or 1
        w += [len(b['tokens']) / n for b in p['page']]
    return np.array(w) + 1e-3


def fit(pages, context, article_weight=1.0):
    """Trees on the labelled blocks of `pages` (an article-set page's blocks weigh article_weight)."""
    X = np.vstack([p['X'] for p in pages])
    y = np.array([b['label'] for p in pages for b in p['page']])
    w = weights(pages) * np.array([article_weight if p['set'] == 'articles' else 1.0 for p in pages for b in p['page']])
    k = y >= 0
    m = HistGradientBoostingClassifier(**PARAMS)
    m.fit((X if context else own_only(X))[k], y[k], sample_weight=w[k])
    return m


def predict(m, pages, context):
    return [m.predict_proba(p['X'] if context else own_only(p['X']))[:, 1] if len(p['page']) else np.zeros(0)
            for p in pages]


def transitions(pages):
    """Log transition probabilities between content (1) and not (0) along a page's blocks with
    words, counted on the labels of `pages` (tune only)."""
    t = np.ones((2, 2))
    for p in pages:
        seq = [b['label'] for b in p['page'] if b['tokens']]
        for a, b in zip(seq, seq[1:]):
            t[a, b] += 1
    return np.log(t / t.sum(axis=1, keepdims=True))


def logit(x):
    x = min(max(x, 1e-6), 1 - 1e-6)
    return math.log(x / (1 - x))


def decide(p, probs, tau_drop, tau_add, smooth, floor, trans):
    """keep (answer blocks) and add (page blocks outside it). Each block's evidence is its score's
    log-odds against its threshold (tau_drop inside the answer, tau_add outside); with smooth > 0
    the labels are the Viterbi path of that evidence and `smooth` times the tune transitions;
    with smooth -1 they are the expected-F1 choice with tau_drop as its margin. An answer left
    under `floor` of its words is the rules' answer again."""
    if smooth < 0:
        keep, add = expected_f1_choice(p, probs, tau_drop)
        return guarded(p, keep, add, floor)
    keep, add = rules_only(p)
    inside = p['inside']
    idx = [i for i, b in enumerate(p['page']) if b['tokens']]
    if not idx:
        return keep, add
    bias = {1: logit(tau_drop) if tau_drop > 0 else -1e9, 0: logit(tau_add) if tau_add <= 1 else 1e9}
    ev = [logit(probs[i]) - bias[inside[i]] for i in idx]
    if smooth > 0:
        lab = viterbi(ev, smooth * trans)
    else:
        lab = [int(e > 0) for e in ev]
    for i, z in zip(idx, lab):
        if inside[i]:
            keep[i] = bool(z)
        else:
            add[i] = bool(z)
    return guarded(p, keep, add, floor)


def guarded(p, keep, add, floor):
    """The rules' answer again when the labeller left under `floor` of its words."""
    total = sum(len(b['tokens']) for i, b in enumerate(p['page']) if p['inside'][i])
    kept = sum(len(b['tokens']) for i, b in enumerate(p['page']) if p['inside'][i] and keep[i])
    if total and kept < floor * total:
        return rules_only(p)
    return keep, add


def expected_f1_choice(p, probs, margin):
    """keep and add by expected F1: the page's blocks taken best-scored first, the prefix whose
    expected F1 (scores as the chance a block's words are content, the truth's size as their
    expected sum) is highest replaces the rules' answer when it is expected to beat it by more
    than `margin`."""
    keep, add = rules_only(p)
    inside = p['inside']
    w = np.array([len(b['tokens']) for b in p['page']], dtype=np.float64)
    pr = np.asarray(probs, dtype=np.float64)
    truth = float((pr * w).sum())
    if truth <= 0:
        return keep, add
    ins = np.array(inside, dtype=bool)
    rules = 2 * float((pr * w)[ins].sum()) / (float(w[ins].sum()) + truth)
    order = [i for i in np.argsort(-pr, kind='stable') if w[i] > 0]
    tp = np.cumsum([pr[i] * w[i] for i in order])
    size = np.cumsum([w[i] for i in order])
    f = 2 * tp / (size + truth)
    k = int(np.argmax(f))
    if f[k] <= rules + margin:
        return keep, add
    chosen = set(order[:k + 1])
    for i in range(len(p['page'])):
        if w[i] == 0:
            continue
        if inside[i]:
            keep[i] = i in chosen
        else:
            add[i] = i in chosen
    return keep, add


def viterbi(ev, trans):
    score = [0.0, ev[0]]
    back = []
    for e in ev[1:]:
        prev = score
        ptr = []
        score = []
        for s in (0, 1):
            a = prev[0] + trans[0, s]
            b = prev[1] + trans[1, s]
            ptr.append(0 if a >= b else 1)
            score.append(max(a, b) + (e if s else 0.0))
        back.append(ptr)
    z = [0 if score[0] >= score[1] else 1]
    for ptr in reversed(back):
        z.append(ptr[z[-1]])
    return z[::-1]


def table(pages, probs, settings, trans):
    def scored(p, pr):
        before = page_f1(p, *rules_only(p))
        return p['type'], before, page_f1(p, *decide(p, pr, *settings, trans)) if len(pr) else before
    return type_means(scored(p, pr) for p, pr in zip(pages, probs))


def oracle_table(pages, drop, add):
    """What a perfect labeller wins: each labelled block is taken in page order and its change
    (dropping a non-content block of the answer, adding a content block outside it) kept only
    when the page's F1 rises (a block may repeat text the answer holds already)."""
    def scored(p):
        keep, more = rules_only(p)
        before = best = page_f1(p, keep, more)
        for i, b in enumerate(p['page']):
            if not b['tokens']:
                continue
            if p['inside'][i] and drop and not b['label']:
                keep[i] = False
            elif not p['inside'][i] and add and b['label']:
                more[i] = True
            else:
                continue
            f = page_f1(p, keep, more)
            if f > best:
                best = f
            else:
                keep[i], more[i] = True, False
        return p['type'], before, best
    return type_means(scored(p) for p in pages)


def aucs(pages, probs):
    """AUC by block and weighted by words, over the answer's blocks and over the rest of the page."""
    out = []
    w = weights(pages)
    y = np.array([b['label'] for p in pages for b in p['page']])
    s = np.concatenate([pr for pr in probs]) if probs else np.zeros(0)
    ins = np.array([v for p in pages for v in p['inside']], dtype=bool)
    for mask in (ins, ~ins):
        out.append((roc_auc_score(y[mask], s[mask]), roc_auc_score(y[mask], s[mask], sample_weight=w[mask])))
    return out


def search(pages, probs, trans):
    """The settings with the best cross-validated tune F1: thresholds with each smoothing strength,
    and the expected-F1 choice (smooth -1) with each margin (in the tau_drop place). The best of
    each family is printed."""
    grid = [(td, ta, sm, fl) for fl in FLOORS for sm in SMOOTH for td in TAU_DROP for ta in TAU_ADD]
    grid += [(mg, 1.01, -1, fl) for fl in FLOORS for mg in MARGINS]
    best = {}
    for settings in grid:
        v = table(pages, probs, settings, trans)['overall'][2]
        if settings[2] not in best or v > best[settings[2]][0]:
            best[settings[2]] = (v, settings)
    for sm, (v, settings) in best.items():
        print(f'  {"expected F1" if sm < 0 else f"smooth {sm}"}: best {v:.4f} at {settings}')
    return max(best.values())[1]


def show(title, t):
    print(title)
    for k in ['overall'] + TYPES:
        if k in t:
            print(f'  {k:14s} {t[k][0]:5d} {t[k][1]:.4f} {t[k][2]:.4f} {t[k][2] - t[k][1]:+.4f}')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('data')
    ap.add_argument('--check', action='store_true', help='score the check split and the article set (once)')
    ap.add_argument('--cache', help='keep the cross-validated scores in this file (reused when there)')
    ap.add_argument('--settings', help='skip the ceilings and the cross-validation: fit on all of tune and '
                    'score check with these (drop under,add over,smooth,floor; the chosen ones: 0.2,0.4,0,0.4)')
    ap.add_argument('--article-labels', type=float, metavar='WEIGHT',
                    help="train on the article set's tune blocks too (labelled by its snippets, weighing WEIGHT) "
                    'and print both sets cross-validated on tune (no check)')
    args = ap.parse_args()
    pages = load(args.data)
    for p in pages:
        p['X'] = features(p)
    if args.article_labels:
        both_sets(pages, args.article_labels)
        return
    wt = [p for p in pages if p['set'] == 'wcxb' and p['split'] == 'tune' and p['page']]
    wc = [p for p in pages if p['set'] == 'wcxb' and p['split'] == 'check']
    print(f'tune {len(wt)} pages, {sum(len(p["page"]) for p in wt)} page blocks, '
          f'{len({p["site"] for p in wt})} sites; {wt[0]["X"].shape[1]} features', file=sys.stderr)

    if args.settings:
        score_check(pages, wt, wc, tuple(float(v) for v in args.settings.split(',')), transitions(wt))
        return
    for name, split in (('tune', wt), ('check', wc)):
        for label, drop, add in (('drop only', True, False), ('add only', False, True), ('drop and add', True, True)):
            show(f'ceiling, {name}, {label}: pages, rules, perfect labeller, gain', oracle_table(split, drop, add))

    trans = transitions(wt)
    folds = list(GroupKFold(n_splits=5).split(wt, groups=[p['site'] for p in wt]))
    chosen = {}
    cache = {}
    if args.cache and os.path.exists(args.cache):
        cache = pickle.load(open(args.cache, 'rb'))
    for context in (False, True):
        cv = cache.get(context)
        if cv is None:
            cv = [None] * len(wt)
            for tr, te in folds:
                m = fit([wt[i] for i in tr], context)
                for i, pr in zip(te, predict(m, [wt[i] for i in te], context)):
                    cv[i] = pr
            cache[context] = cv
            if args.cache:
                pickle.dump(cache, open(args.cache, 'wb'))
        (ai, wi), (ao, wo) = aucs(wt, cv)
        name = 'with context' if context else 'block alone'
        print(f'{name}, tune cv AUC answer blocks {ai:.3f} (words {wi:.3f}), other page blocks {ao:.3f} (words {wo:.3f})')
        settings = search(wt, cv, trans)
        chosen[context] = settings
        show(f'{name}, wcxb tune cross-validated (drop under, add over, smooth, floor = {settings}; seed {SEED}): '
             'pages, rules, labeller, gain', table(wt, cv, settings, trans))
    if args.check:
        score_check(pages, wt, wc, chosen[True], trans)


def both_sets(pages, article_weight):
    """The labeller with context trained on both sets' tune blocks (folds grouped by site over
    both), and each set's tune figure, cross-validated, for each drop and add threshold."""
    label_articles(pages)
    wt = [p for p in pages if p['set'] == 'wcxb' and p['split'] == 'tune' and p['page']]
    at = [p for p in pages if p['set'] == 'articles' and p['split'] == 'tune' and p['page']]
    both = wt + at
    cv = [None] * len(both)
    for tr, te in GroupKFold(n_splits=5).split(both, groups=[p['site'] for p in both]):
        m = fit([both[i] for i in tr], True, article_weight)
        for i, pr in zip(te, predict(m, [both[i] for i in te], True)):
            cv[i] = pr
    trans = transitions(wt)
    rules = micro_f1([snippets(p, *rules_only(p)) for p in at])
    print(f'both sets, article blocks weighing {article_weight} (seed {SEED}): drop under, add over: '
          'wcxb tune cv, articles tune cv')
    for td in TAU_DROP:
        for ta in TAU_ADD:
            s = (td, ta, 0.0, FLOORS[0])
            t = table(wt, cv[:len(wt)], s, trans)['overall']
            a = micro_f1([snippets(p, *decide(p, q, *s, trans)) for p, q in zip(at, cv[len(wt):])])
            print(f'  {td:4} {ta:4}  {t[1]:.4f} -> {t[2]:.4f} {t[2] - t[1]:+.4f}  {rules:.4f} -> {a:.4f} {a - rules:+.4f}')


def score_check(pages, wt, wc, settings, trans):
    """The labeller with context, fitted on all of tune, on wcxb's check split and the article set."""
    m = fit(wt, True)
    probs = predict(m, wc, True)
    (ai, wi), (ao, wo) = aucs([p for p in wc if p['page']], [pr for p, pr in zip(wc, probs) if len(pr)])
    show(f'with context, wcxb check (AUC answer {ai:.3f} / words {wi:.3f}, page {ao:.3f} / {wo:.3f}): '
         'pages, rules, labeller, gain', table(wc, probs, settings, trans))
    for name in ('tune', 'check'):
        ps = [p for p in pages if p['set'] == 'articles' and p['split'] == name]
        pr = predict(m, ps, True)
        before = micro_f1([snippets(p, *rules_only(p)) for p in ps])
        after = micro_f1([snippets(p, *decide(p, q, *settings, trans)) if len(q) else snippets(p, *rules_only(p))
                          for p, q in zip(ps, pr)])
        print(f'articles {name}: {len(ps)} pages, snippet F1 {before:.4f} -> {after:.4f} {after - before:+.4f}')


if __name__ == '__main__':
    main()
