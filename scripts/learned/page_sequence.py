"""The page as a sequence of blocks (the dump of bench/learned/page-blocks.ts): each page block's
label, whether the rules' answer holds it, its features read with its neighbours, its section
and its containers, and the scoring of an answer a labeller leaves (blocks of the answer dropped,
page blocks the rules left out added) as bench:quality scores it."""
import json
from collections import Counter
import numpy as np
from learned_common import bag_f1, coverage, norm, tokens, trigrams

# The row's columns (page-rows.ts): the block's own 14 measures, the page's 4 (declared type,
# reading, the page blocks' share of the page's text, log page chars), whether the answer holds
# it, the chrome holds it, log words, how much of it the answer repeats; then its context.
OWN_WIDTH = 14 + 4 + 4
DECLARED_COL = 14


def load(path):
    """The pages, each block's tokens and, on wcxb, its label: content when most of its word
    trigrams (its words, under three) occur in the page's main_content and, for a block outside
    the rules' answer, not in the answer already (adding a copy of the answer's text only lowers
    the page's score)."""
    pages = [json.loads(l) for l in open(path, encoding='utf8') if l.strip()]
    for p in pages:
        for b in p['page']:
            b['tokens'] = tokens(b['text'])
        for a in p['answer']:
            a['tokens'] = tokens(a['text'])
        inside = [0] * len(p['page'])
        for a in p['answer']:
            if a['at'] >= 0:
                inside[a['at']] = 1
        p['inside'] = inside
        if p['set'] == 'wcxb':
            tt = tokens(p['truth'])
            p['truth_bag'] = Counter(tt)
            tri = trigrams(tt)
            answer = Counter()
            answer_tri = set()
            for a in p['answer']:
                answer.update(a['tokens'])
                answer_tri |= trigrams(a['tokens'])
            for b, ins in zip(p['page'], inside):
                content = bool(b['tokens']) and coverage(b['tokens'], p['truth_bag'], tri) >= 0.5
                copy = not ins and bool(b['tokens']) and coverage(b['tokens'], answer, answer_tri) >= 0.5
                b['label'] = int(content and not copy)
    return pages


def features(p):
    """One row per page block, as the dump wrote it: the features of
    bench/learned/page-rows.ts (the block's measures, whether the answer holds it
    and the chrome exclusions leave it out, the same of the 3 blocks each side, the answer's
    share of the chars around it, how far the answer's nearest block is, its section and its
    containers)."""
    if not p['page']:
        return np.zeros((0, 0))
    return np.array([b['row'] for b in p['page']], dtype=np.float64)


def own_only(X):
    """The columns of a block alone (its measures, the page's, whether the answer holds it): the
    labeller without context, to tell what context adds."""
    return X[:, :OWN_WIDTH]


def answer_tokens(p, keep, add):
    """The bag of the answer left: answer blocks whose page block is kept (or unmatched), plus
    page blocks outside the answer that are added."""
    got = Counter()
    for a in p['answer']:
        if a['at'] < 0 or keep[a['at']]:
            got.update(a['tokens'])
    for i, b in enumerate(p['page']):
        if not p['inside'][i] and add[i]:
            got.update(b['tokens'])
    return got


def answer_text(p, keep, add):
    by_at = {}
    lead = []
    for a in p['answer']:
        if a['at'] < 0:
            lead.append(a['text'])
        elif keep[a['at']]:
            by_at.setdefault(a['at'], []).append(a['text'])
    out = list(lead)
    for i, b in enumerate(p['page']):
        if p['inside'][i]:
            out += by_at.get(i, [])
        elif add[i]:
            out.append(b['text'])
    return norm('\n'.join(out))


def rules_only(p):
    n = len(p['page'])
    return [True] * n, [False] * n


def page_f1(p, keep, add):
    return bag_f1(answer_tokens(p, keep, add), p['truth_bag'])


def snippets(p, keep, add):
    text = answer_text(p, keep, add)
    tp = sum(1 for w in p['with'] if text and norm(w) in text)
    fp = sum(1 for w in p['without'] if text and norm(w) in text)
    return tp, fp, len(p['with']) - tp


def micro_f1(counts):
    tp = sum(c[0] for c in counts)
    fp = sum(c[1] for c in counts)
    fn = sum(c[2] for c in counts)
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def label_articles(pages):
    """Labels for the article set's blocks from its snippets: a block holding a `without` snippet is
    not content, one holding a `with` snippet is; the rest stay unlabelled (-1)."""
    for p in pages:
        if p['set'] != 'articles':
            continue
        without = [norm(w) for w in p['without']]
        within = [norm(w) for w in p['with']]
        for b in p['page']:
            t = norm(b['text'])
            b['label'] = 0 if t and any(w in t for w in without) else (1 if t and any(w in t for w in within) else -1)
