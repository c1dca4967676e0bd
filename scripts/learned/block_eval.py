"""What the block filters of scripts/learned/ share: loading the dump of bench/block-candidates.ts
with each wcxb block's label, and scoring the answers a filter leaves (wcxb page F1 per page type,
the article set's snippet F1) as bench:quality scores them."""
import json
from collections import Counter
import numpy as np
from learned_common import TYPES, bag_f1, coverage, norm, tokens, trigrams, type_means


def load(path):
    """The pages; a wcxb block is content (label 1) when most of its word trigrams (its words,
    when it has fewer than three) occur in the page's main_content."""
    pages = [json.loads(l) for l in open(path, encoding='utf8') if l.strip()]
    for p in pages:
        for b in p['blocks']:
            b['tokens'] = tokens(b['text'])
        if p['set'] == 'wcxb':
            tt = tokens(p['truth'])
            p['truth_bag'] = Counter(tt)
            tri = trigrams(tt)
            for b in p['blocks']:
                b['label'] = int(bool(b['tokens']) and coverage(b['tokens'], p['truth_bag'], tri) >= 0.5)
    return pages


def page_f1(p, keep):
    got = Counter()
    for b, k in zip(p['blocks'], keep):
        if k:
            got.update(b['tokens'])
    return bag_f1(got, p['truth_bag'])


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
    """Each block weighed by its share of its page's words: a page weighs one, and its long blocks
    decide it, as they decide its score."""
    w = []
    for p in pages:
        n = sum(len(b['tokens']) for b in p['blocks']) or 1
        for b in p['blocks']:
            w.append(len(b['tokens']) / n)
    return np.array(w)


def wcxb_table(pages, probs, tau, floor):
    def scored(p, pr):
        before = page_f1(p, [True] * len(p['blocks']))
        return p['type'], before, page_f1(p, keeps(p, pr, tau, floor)) if pr else before
    return type_means(scored(p, pr) for p, pr in zip(pages, probs))


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
