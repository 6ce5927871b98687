#!/usr/bin/python3
"""Offline page bag-of-words F1 of shipped model files on cached pages no model saw
(wcxb-dev half B, the readability set): a development aid to compare model pairs and
thresholds before a browser benchmark run (the benchmark scores the real clips).

    /usr/bin/python3 training/offlineEval.py <classifier.json> <auto.json> [threshold ...]
"""
import json
import sys

import numpy as np

sys.path.insert(0, __import__('os').path.dirname(__import__('os').path.abspath(__file__)))
import stage2  # noqa: E402
import train  # noqa: E402


def margins(model, X):
    """The JSON trees' margins (classifierModel.ts treeMargin: x < threshold goes left)."""
    out = np.full(len(X), model['baseMargin'], dtype=np.float64)
    rows = np.arange(len(X))
    for tree in model['trees']:
        t = np.array(tree, dtype=np.float64)
        node = np.zeros(len(X), dtype=np.int64)
        while True:
            f = t[node]
            split = f >= 0
            if not split.any():
                out += t[node + 1]
                break
            x = X[rows, np.where(split, f, 0).astype(np.int64)]
            nxt = np.where(x < t[node + 1], node + 3, t[np.minimum(node + 2, len(t) - 1)].astype(np.int64))
            node = np.where(split, nxt, node)
    return out


def main():
    clf = json.load(open(sys.argv[1]))
    auto = json.load(open(sys.argv[2]))
    thresholds = [float(t) for t in sys.argv[3:]] or [0.5]
    for dataset in ('wcxb-dev', 'readability'):
        names, X, y, w, page_of, meta = train.build(dataset)
        names = list(names)
        col = {n: i for i, n in enumerate(names)}
        Xc = X[:, [col[n] for n in clf['features']]].astype(np.float32)
        p_all = 1 / (1 + np.exp(-margins(clf, Xc)))
        if dataset == 'wcxb-dev':
            meta = [m for m in meta if train.bucket(m['host'], 2) == 1]
        scores = {t: [] for t in thresholds}
        cscores = []
        for m in meta:
            a, b = m['rows']
            rows = X[a:b]
            p = p_all[a:b].astype(np.float32)
            mass = np.array([len(t) for t in m['toks']], dtype=float)
            f = stage2.page_features(p, mass, rows[:, col['ntaKept']] > 0.5, rows[:, col['vsseInArea']] > 0.5, rows[:, col['textLength']],
                                     rows[:, col['linkDensity']], rows[:, col['relativePosition']])
            q = 1 / (1 + np.exp(-margins(auto, f.astype(np.float32))))
            cscores.append(train.bow_f1([tok for i in range(b - a) if p[i] >= 0.5 for tok in m['toks'][i]], m['truth']))
            for t in thresholds:
                scores[t].append(train.bow_f1([tok for i in range(b - a) if q[i] >= t for tok in m['toks'][i]], m['truth']))
        label = 'wcxb-dev half B' if dataset == 'wcxb-dev' else dataset
        print(f'{label} ({len(meta)} pages): classifier {np.mean(cscores):.4f}  ' + '  '.join(f'auto@{t} {np.mean(v):.4f}' for t, v in scores.items()))


if __name__ == '__main__':
    main()
