#!/usr/bin/python3
"""Offline comparison of leaf-selection strategies on wcxb-dev (a development aid, not the
benchmark: the benchmark scores the real clips in the browser).

    /usr/bin/python3 training/evaluate.py

Uses the cached leaves (texts, NTA/VSSE decisions recorded as features) and the
out-of-fold classifier probabilities written by train.py, so every classifier number here
comes from a model that never saw the page's site. Scores are the WCXB bag-of-words F1
over the concatenated text of the kept leaves.
"""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train  # noqa: E402


def main():
    names, X, y, w, page_of, meta = train.build('wcxb-dev')
    names = list(names)
    with open(os.path.join(train.CACHE, 'oof-wcxb-dev.json')) as f:
        oof = json.load(f)
    col = {n: i for i, n in enumerate(names)}
    pages = {p['id']: p for p in train.load_pages('wcxb-dev')}

    def strategies(m):
        a, b = m['rows']
        rows = X[a:b]
        p = np.array(oof[m['id']])
        nta = rows[:, col['ntaKept']] > 0.5
        vsse = np.array(pages[m['id']].get('vsseKept') or [0] * (b - a)) > 0
        out = {
            'label(oracle)': y[a:b] > 0,
            'nta(leaves)': nta,
            'vsse': vsse,
        }
        for t in (0.3, 0.4, 0.5, 0.6):
            out[f'clf@{t}'] = p >= t
        # agreement-based combinations
        out['clf|nta&p>.3'] = (p >= 0.5) | (nta & (p >= 0.3))
        out['clf&(nta|p>.7)'] = (p >= 0.5) & (nta | (p >= 0.7))
        mass = np.array([len(t) for t in m['toks']], dtype=float)
        clf = p >= 0.5
        both = mass[clf & nta].sum()
        dice = 2 * both / max(1.0, mass[clf].sum() + mass[nta].sum())
        out['agree.9?nta:clf'] = nta if dice >= 0.9 else clf
        out['agree.9?nta|clf:clf'] = (nta | clf) if dice >= 0.9 else clf
        out['agree.8?nta:clf.4'] = nta if dice >= 0.8 else (p >= 0.4)
        # confidence: a page where the classifier is unsure (little mass far from 0.5) keeps more
        conf = np.abs(p - 0.5)[mass > 0]
        unsure = conf.size and float(np.median(conf)) < 0.3
        out['unsure?.3:.5'] = (p >= 0.3) if unsure else clf
        out['clf.4|nta&p>.25'] = (p >= 0.4) | (nta & (p >= 0.25))
        return out

    scores = {}
    by_type = {}
    meta = [m for m in meta if m['id'] in oof]
    for m in meta:
        for name, keep in strategies(m).items():
            kept = [t for i, k in enumerate(keep) if k for t in m['toks'][i]]
            f = train.bow_f1(kept, m['truth'])
            scores.setdefault(name, []).append(f)
            by_type.setdefault(name, {}).setdefault(m['type'], []).append(f)
    types = sorted({m['type'] for m in meta})
    print(f'{"strategy":18s} {"all":>6s} ' + ' '.join(f'{t[:8]:>8s}' for t in types))
    for name, v in scores.items():
        print(f'{name:18s} {np.mean(v):6.3f} ' + ' '.join(f'{np.mean(by_type[name][t]):8.3f}' for t in types))


if __name__ == '__main__':
    main()
