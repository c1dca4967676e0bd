"""The page as a sequence of blocks (the dump of bench/learned/page-blocks.ts): each page block's
label, whether the rules' answer holds it, its features read with its neighbours, its section
and its containers, and the scoring of an answer a labeller leaves (blocks of the answer dropped,
page blocks the rules left out added) as bench:quality scores it."""
import json
import math
from collections import Counter
import numpy as np
from learned_common import bag_f1, coverage, norm, tokens, trigrams

# block-features.ts columns used again here (kind, heading level, log chars, link share, lines,
# list items, mean line, short-line share, digit share, stop share, comma share, sentence-end share,
# repeats) and the page's (declared type, reading, answer's share of the page).
KIND, LEVEL, LOG_CHARS, LINK_SHARE = 0, 1, 2, 3
OWN = list(range(0, 13)) + [17]
PAGE = [25, 26, 29, 30]
NEIGHBOURS = 3
WINDOWS = (3, 10)
LEVELS = (1, 2, 3, 4, 6, 9)
HEADING = 0


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


def _logc(n):
    return math.log1p(n)


def features(p):
    """One row per page block: its own measures, whether the answer holds it and the chrome
    exclusions leave it out, the same of its NEIGHBOURS blocks each side, the answer's share of
    the chars around it, how far the answer's nearest block is, its section (since the heading
    before it) and its containers (the blocks under each of its ancestors at LEVELS)."""
    bs = p['page']
    n = len(bs)
    if n == 0:
        return np.zeros((0, 0))
    chars = np.array([len(b['text']) for b in bs], dtype=np.float64)
    inside = np.array(p['inside'], dtype=np.float64)
    chrome = np.array([b['chrome'] for b in bs], dtype=np.float64)
    xs = [b['x'] for b in bs]
    total = chars.sum() or 1.0
    in_chars = chars * inside
    cum = np.concatenate([[0], np.cumsum(chars)])
    cum_in = np.concatenate([[0], np.cumsum(in_chars)])
    idx_in = np.flatnonzero(inside)
    first_in = idx_in[0] if len(idx_in) else n
    last_in = idx_in[-1] if len(idx_in) else -1
    # containers: chars, answer chars, chrome chars and blocks under each ancestor id
    cont = {}
    for i, b in enumerate(bs):
        for a in b['anc']:
            c = cont.setdefault(a, [0.0, 0.0, 0.0, 0])
            c[0] += chars[i]
            c[1] += in_chars[i]
            c[2] += chars[i] * chrome[i]
            c[3] += 1
    # sections: the index of the heading each block falls under
    section = []
    head = -1
    for i, b in enumerate(bs):
        if xs[i][KIND] == HEADING:
            head = i
        section.append(head)
    sec_chars, sec_in = Counter(), Counter()
    for i, h in enumerate(section):
        sec_chars[h] += chars[i]
        sec_in[h] += in_chars[i]
    # how much of a block's text the answer holds already (outside it: a copy, a teaser)
    answer_tri = set()
    for a in p['answer']:
        answer_tri |= trigrams(a['tokens'])
    repeated = [coverage(b['tokens'], Counter(), answer_tri) if len(b['tokens']) >= 3 else -1 for b in bs]
    rows = []
    for i in range(n):
        x = xs[i]
        row = [x[j] for j in OWN] + [x[j] for j in PAGE]
        row += [inside[i], chrome[i], _logc(len(bs[i]['tokens'])), repeated[i]]
        for d in list(range(-NEIGHBOURS, 0)) + list(range(1, NEIGHBOURS + 1)):
            j = i + d
            if 0 <= j < n:
                y = xs[j]
                row += [1, inside[j], chrome[j], y[KIND], y[LOG_CHARS], y[LINK_SHARE]]
            else:
                row += [0, -1, -1, -1, -1, -1]
        for w in WINDOWS:
            lo, hi = max(0, i - w), min(n, i + w + 1)
            c = cum[hi] - cum[lo]
            row += [(cum_in[hi] - cum_in[lo]) / c if c else 0.0]
        before = idx_in[idx_in < i]
        after = idx_in[idx_in > i]
        row += [min(i - before[-1], 50) if len(before) else 51, min(after[0] - i, 50) if len(after) else 51,
                1.0 if i < first_in else (2.0 if i > last_in else 0.0),
                (cum[i] - cum[min(first_in, n)]) / total if first_in < n else 0.0,
                cum[i] / total]
        h = section[i]
        row += [h >= 0, i - h if h >= 0 else i, xs[h][LEVEL] if h >= 0 else 0,
                inside[h] if h >= 0 else -1, _logc(sec_chars[h]), sec_in[h] / sec_chars[h] if sec_chars[h] else 0.0]
        anc = bs[i]['anc']
        for lv in LEVELS:
            if lv < len(anc):
                c = cont[anc[lv]]
                row += [1, _logc(c[0]), c[0] / total, c[1] / c[0] if c[0] else 0.0,
                        c[2] / c[0] if c[0] else 0.0, math.log1p(c[3])]
            else:
                row += [0, -1, -1, -1, -1, -1]
        rows.append(row)
    return np.array(rows, dtype=np.float64)


def own_only(X):
    """The columns of a block alone (its measures, the page's, whether the answer holds it): the
    labeller without context, to tell what context adds."""
    return X[:, :len(OWN) + len(PAGE) + 4]


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
