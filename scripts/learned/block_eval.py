"""What the block filters of scripts/learned/ share: loading the dump of bench/block-candidates.ts
with each wcxb block's label, and scoring the answers a filter leaves (wcxb page F1 per page type,
the article set's snippet F1) as bench:quality scores them."""
import json
from collections import Counter, defaultdict
import numpy as np
from learned_common import norm, tokens, trigrams

TYPES = ['article', 'documentation', 'service', 'forum', 'collection', 'listing', 'product']


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
    """Each block weighed by its share of its page's words: a page weighs one, and its long blocks
    decide it, as they decide its score."""
    w = []
    for p in pages:
        n = sum(len(b['tokens']) for b in p['blocks']) or 1
        for b in p['blocks']:
            w.append(len(b['tokens']) / n)
    return np.array(w)


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
