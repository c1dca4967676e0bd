"""What the training scripts of scripts/learned/ share: the word tokens of the wcxb metric, the
trigram labels, the trees of a scikit-learn gradient-boosting model as arrays, and the feature
names a model is trained on (read from the TypeScript module that computes them)."""
import json, re, sys
from collections import defaultdict

SEED = 35
TYPES = ['article', 'documentation', 'service', 'forum', 'collection', 'listing', 'product']
WORD = re.compile(r'[^\W]+', re.UNICODE)


def tokens(s):
    return WORD.findall(s.lower())


def trigrams(ts):
    return {tuple(ts[i:i + 3]) for i in range(len(ts) - 2)}


def coverage(ts, bag, tri):
    """The share of a text's word trigrams (its words, under three) found in the truth."""
    if not ts:
        return 1.0
    if len(ts) < 3:
        return sum(t in bag for t in ts) / len(ts)
    g = trigrams(ts)
    return sum(x in tri for x in g) / len(g)


def bag_f1(got, want):
    """The wcxb metric: F1 of two bags of word tokens (Counters)."""
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


def type_means(scored):
    """(page type, F1 before, F1 after) per page -> {type or 'overall': (pages, before, after)}."""
    rows = defaultdict(lambda: [0, 0.0, 0.0])
    for kind, before, after in scored:
        for t in ('overall', kind):
            r = rows[t]
            r[0] += 1
            r[1] += before
            r[2] += after
    return {t: (r[0], r[1] / r[0], r[2] / r[0]) for t, r in rows.items()}


def norm(s):
    return ' '.join(s.split())


def tree_arrays(m):
    """Each tree of a fitted GradientBoosting* model as arrays, the learning rate applied to the
    leaves (a node goes left when x[feature] <= threshold; a leaf has left == -1)."""
    trees = []
    for est in m.estimators_[:, 0]:
        t = est.tree_
        trees.append({
            'feature': [int(f) for f in t.feature],
            'threshold': [round(float(x), 6) for x in t.threshold],
            'left': [int(c) for c in t.children_left],
            'right': [int(c) for c in t.children_right],
            'value': [round(float(v[0][0]) * m.learning_rate, 6) for v in t.value],
        })
    return trees


def feature_names(path, const, width):
    """The names in `export const <const> = [...]` of a TypeScript module, checked against the
    width of the vectors in the data."""
    src = open(path, encoding='utf8').read().split(f'{const} = [')[1].split('] as const')[0]
    names = re.findall(r"'([a-z_]+)'", src)
    assert len(names) == width, (path, len(names), width)
    return names


def model_file(about, m, names, params, figures, **more):
    return {'about': about, 'features': names, **more, 'seed': SEED,
            'params': {k: v for k, v in params.items() if k != 'random_state'},
            'figures': figures, 'trees': tree_arrays(m)}


def report(wcxb_table, articles_f1, tau, floor, wcxb_runs, article_runs):
    """Scores the chosen threshold and floor on each (name, pages, probabilities) run with the
    filter's own scorers, prints the tables, and returns them as a model file's figures."""
    figures = {}
    for name, ps, probs in wcxb_runs:
        t = wcxb_table(ps, probs, tau, floor)
        figures[f'wcxb {name}'] = {k: [v[0], round(v[1], 4), round(v[2], 4)] for k, v in t.items()}
        print(f'wcxb {name} (tau {tau}, floor {floor}): pages, before, after', file=sys.stderr)
        for k in ['overall'] + TYPES:
            if k in t:
                print(f'  {k:14s} {t[k][0]:5d} {t[k][1]:.4f} {t[k][2]:.4f}', file=sys.stderr)
    for name, ps, probs in article_runs:
        b, a = articles_f1(ps, probs, tau, floor)
        figures[f'articles {name}'] = [len(ps), round(b, 4), round(a, 4)]
        print(f'articles {name}: {len(ps)} pages, snippet F1 {b:.4f} -> {a:.4f}', file=sys.stderr)
    return figures


def write_json(path, value):
    with open(path, 'w') as f:
        json.dump(value, f, separators=(',', ':'))
        f.write('\n')
