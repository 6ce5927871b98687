#!/usr/bin/python3
"""Auto's gate (issue 6, speed): when may Auto return NTA's selection and skip the classifier
and the combiner? Learned on wcxb-dev half A only (md5(hostname) % 2 == 0).

    # half A's gate features (autoGate.ts) and its leaves and classifier features, both in the
    # page with today's core (each ~1 s/page on a quiet machine; the second is what
    # extractFeatures.ts always writes, limited to half A)
    nice -n 19 npx tsx training/extractFeatures.ts --gate --half 0 --data /work/shared/bench-data/wcxb-dev \
        --out training/cache/gate-wcxb-dev-halfA.jsonl.gz
    nice -n 19 npx tsx training/extractFeatures.ts --half 0 --data /work/shared/bench-data/wcxb-dev \
        --out training/cache/current/wcxb-dev.jsonl.gz
    # NTA's clips of half A as the benchmark scores them (NTA learned nothing from half A)
    /usr/bin/python3 training/heldout.py /tmp/wcxb-halfA --half a
    nice -n 19 npm run bench -- --data /tmp/wcxb-halfA --engines sift --no-html --out /tmp/bench-halfA
    /usr/bin/python3 training/gate.py --nta /tmp/bench-halfA/predictions-sift.jsonl [--target 0.5] [--single] [--edits]
    #   (--nta may be repeated: predictions of several bench runs over parts of half A)
    # after a benchmark run with sift and auto: the share of pages where Auto's clip is NTA's
    # (the cheap path, plus any page where the combiner happens to give NTA's text), by dataset
    /usr/bin/python3 training/gate.py --same-clips <bench out dir>
    # the exact skip rate of the shipped rule (autoGate.ts GATE_RULE) on other pages, e.g. the
    # held-out ones: their gate features (extractFeatures.ts --gate --data <dir> --out <file>)
    /usr/bin/python3 training/gate.py --skip-rate <gate features .jsonl.gz> [...]

Per half-A page:
  * NTA's page bag-of-words F1 of its benchmark clip (predictions-sift.jsonl), which is exactly
    what gated Auto returns when it skips. Not the cached leaves NTA keeps (`ntaKept`): that
    feature misses text NTA keeps inside partly kept blocks, and on a 124-page half-A sample
    the leaves scored 0.754 (0.800 with today's core) where the clips score 0.823 (0.869);
  * Auto's page F1 *out of fold within half A*: per site-disjoint fold of half A (train.py's
    `#a` folds, those of oof-halfA.json), a classifier and a combiner trained the way the shipped
    ones are (train.py / stage2.py parameters, on the cache they learned from, the combiner on
    oof-halfA.json's stage-1 probabilities) on the other four folds, applied to today's features
    of the held-out pages: Auto as it runs in a page, on sites its models did not see. Since
    session 41 Auto's clip is NTA's clip plus the leaves the combiner adds (auto.ts), so it is
    scored as NTA's clip's tokens with those leaves' tokens added (`edited_f1`; `--edits`
    prints the table of add and drop thresholds). No half-B page is read;
  * the gate features of autoGate.ts (GATE_FEATURE_NAMES), computed in the page by the
    engine's own function (training/pageEntry.ts `gate`).
Gated Auto's page F1 is NTA's where the gate skips and Auto's elsewhere.

The rule is one or two thresholds ("skip when f >= t", or "f >= t and g <= u"), thresholds
at quantiles of the training pages. For each target skip rate the rule is chosen on four
site-disjoint folds of half A (the one that loses least F1 while skipping at least that
share of the training pages) and scored on the fifth; the table prints the out-of-fold
skip rate and gated F1 beside always-Auto, always-NTA and the oracle at the same skip rate.
Deterministic (hash folds, fixed seeds, one thread).
"""
import gzip
import json
from collections import Counter
import os
import re
import sys

import numpy as np
import xgboost as xgb

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stage2  # noqa: E402
import train  # noqa: E402

GATE_CACHE = os.path.join(train.CACHE, 'gate-wcxb-dev-halfA.jsonl.gz')
CURRENT = os.path.join(train.CACHE, 'current')
FOLDS = 5
# Thresholds tried: these quantiles of each feature on the training pages.
QUANTILES = np.arange(0.05, 1.0, 0.05)
TARGETS = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8)


def load_gate():
    out = {}
    names = None
    with gzip.open(GATE_CACHE, 'rt') as f:
        for line in f:
            row = json.loads(line)
            names = names or row['gateNames']
            out[row['id']] = row['gate']
    return names, out


def build_current():
    """Half A's leaves and features re-extracted with today's core (training/cache/current/)."""
    saved = train.CACHE
    train.CACHE = CURRENT
    try:
        return train.build('wcxb-dev')
    finally:
        train.CACHE = saved


def combiner_rows(p, rows, col, toks):
    mass = np.array([len(t) for t in toks], dtype=float)
    return stage2.page_features(p, mass, rows[:, col['ntaKept']] > 0.5, rows[:, col['vsseInArea']] > 0.5, rows[:, col['textLength']],
                                rows[:, col['linkDensity']], rows[:, col['relativePosition']])


def page_scores(nta_clips):
    """(meta of half-A pages, NTA F1, out-of-fold Auto F1).

    The shipped models learned from the cache in training/cache/ (features of an older core);
    in the browser they read today's features. So each fold's models are trained as the shipped
    ones were (classifier on the old rows, combiner on the old rows with oof-halfA.json's
    stage-1 probabilities) on four folds of half A, and applied to today's rows
    (training/cache/current/) of the fifth: Auto as it runs in users' pages, on sites its models
    did not see. NTA's F1 is its benchmark clip's (`nta_clips`: id -> clip text).
    """
    names, X, y, w, page_of, meta = train.build('wcxb-dev')
    names = list(names)
    col = {n: i for i, n in enumerate(names)}
    cnames, CX, _, _, _, cmeta = build_current()
    cnames = list(cnames)
    ccol = {n: i for i, n in enumerate(cnames)}
    model_names, _ = train.model_columns(names, X[:1], train.DROPPED)
    Xm = X[:, [col[n] for n in model_names]]
    CXm = CX[:, [ccol[n] for n in model_names]]
    with open(os.path.join(train.CACHE, 'oof-halfA.json')) as f:
        oof_a = json.load(f)
    old = [m for m in meta if m['id'] in oof_a and train.bucket(m['host'], 2) == 0]
    cur = [m for m in cmeta if train.bucket(m['host'], 2) == 0]
    fold_of = lambda m: train.bucket(m['host'] + '#a', FOLDS)  # the folds of oof-halfA.json (train.py)
    # Old rows: the classifier's training rows and the combiner's (stage-1 out of fold).
    leaf_fold = np.full(len(y), -1)
    R, Y, W, RF = [], [], [], []
    for m in old:
        a, b = m['rows']
        leaf_fold[a:b] = fold_of(m)
        p = np.array(oof_a[m['id']], dtype=np.float32)
        R.extend(combiner_rows(p, X[a:b], col, m['toks']))
        Y.extend(y[a:b])
        W.extend(w[a:b])
        RF.extend([fold_of(m)] * (b - a))
    R, Y, W, RF = np.array(R, dtype=np.float32), np.array(Y), np.array(W, dtype=np.float32), np.array(RF)
    nta_f1, out, probs = [], [], []
    for k in range(FOLDS):
        tr = leaf_fold >= 0
        tr &= leaf_fold != k
        clf = train.train(Xm[tr], y[tr], w[tr], model_names)
        comb = xgb.train(stage2.PARAMS, xgb.DMatrix(R[RF != k], label=Y[RF != k], weight=W[RF != k], feature_names=stage2.NAMES), stage2.ROUNDS)
        for m in cur:
            if fold_of(m) != k:
                continue
            a, b = m['rows']
            p = clf.predict(xgb.DMatrix(CXm[a:b], feature_names=model_names)).astype(np.float32)
            q = comb.predict(xgb.DMatrix(combiner_rows(p, CX[a:b], ccol, m['toks']), feature_names=stage2.NAMES))
            if m['id'] not in nta_clips:
                continue
            out.append(m)
            nta_f1.append(train.bow_f1([t.lower() for t in train.TOKEN.findall(nta_clips[m['id']])], m['truth']))
            probs.append((q, CX[a:b, ccol['ntaKept']]))
    edited = lambda add, drop: np.array([edited_f1(m, nta_clips[m['id']], q, share, add, drop) for m, (q, share) in zip(out, probs)])
    return out, np.array(nta_f1), edited


def edited_f1(m, nta_clip, q, share, add, drop):
    """Page bowF1 of Auto's clip (auto.ts): NTA's clip, plus the leaves it does not hold
    (ntaKept < 0.5) at P >= add, less those it holds at P < drop (token multisets); NTA's clip
    as it is when the edits would drop every leaf it holds and add none."""
    clip = Counter(t.lower() for t in train.TOKEN.findall(nta_clip))
    nta_f1 = train.bow_f1(list(clip.elements()), m['truth'])
    held = share >= 0.5
    dropped = held & (q < drop)
    added = ~held & (q >= add)
    if not added.any() and dropped.sum() == held.sum():
        return nta_f1
    for i in np.flatnonzero(dropped | added):
        if dropped[i]:
            clip -= Counter(m['toks'][i])
        else:
            clip += Counter(m['toks'][i])
    return train.bow_f1(list(clip.elements()), m['truth'])


def rule_masks(G, names, train_rows):
    """Candidate conditions: (feature, '>=' or '<=', threshold) with their boolean masks."""
    conds, masks = [], []
    for j, name in enumerate(names):
        for t in np.unique(np.quantile(G[train_rows, j], QUANTILES)):
            conds.append((name, '>=', float(t)))
            masks.append(G[:, j] >= t)
            conds.append((name, '<=', float(t)))
            masks.append(G[:, j] <= t)
    return conds, np.array(masks)


def choose(G, names, gain, rows, target, pairs=True):
    """The rule skipping >= target of `rows` that loses the least Auto-over-NTA gain there."""
    conds, M = rule_masks(G, names, rows)
    Mt = M[:, rows].astype(np.float64)
    g = gain[rows]
    n = rows.sum()
    # single conditions
    skip1 = Mt.sum(axis=1) / n
    loss1 = Mt @ g
    best = None
    for i in np.flatnonzero(skip1 >= target):
        if best is None or loss1[i] < best[0] - 1e-12:
            best = (loss1[i], (conds[i],))
    if pairs:
        skip2 = (Mt @ Mt.T) / n
        loss2 = (Mt * g) @ Mt.T
        ok = skip2 >= target
        loss2 = np.where(ok, loss2, np.inf)
        i, j = np.unravel_index(np.argmin(loss2), loss2.shape)
        # a pair only when it beats the best single condition (simple beats clever)
        if np.isfinite(loss2[i, j]) and (best is None or loss2[i, j] < best[0] - 1e-9 * n):
            best = (loss2[i, j], (conds[i], conds[j]))
    return best[1]


def apply(rule, G, names):
    col = {n: i for i, n in enumerate(names)}
    skip = np.ones(len(G), dtype=bool)
    for name, op, t in rule:
        x = G[:, col[name]]
        skip &= (x >= t) if op == '>=' else (x <= t)
    return skip


def describe(rule):
    return ' and '.join(f'{n} {op} {t:.4g}' for n, op, t in rule)


def same_clips(out_dir):
    """Pages of a benchmark run where Auto's clip text equals NTA's (sift), by dataset."""
    dirs = ['.'] if os.path.isfile(os.path.join(out_dir, 'predictions-auto.jsonl')) else sorted(os.listdir(out_dir))
    for dataset in dirs:
        d = os.path.join(out_dir, dataset)
        if not os.path.isfile(os.path.join(d, 'predictions-auto.jsonl')):
            continue
        read = lambda name: {r['id']: r.get('text') for r in map(json.loads, filter(str.strip, open(os.path.join(d, name))))}
        auto, nta = read('predictions-auto.jsonl'), read('predictions-sift.jsonl')
        same = sum(1 for k in auto if k in nta and auto[k] == nta[k])
        print(f'{dataset}: Auto\'s clip is NTA\'s on {same} of {len(auto)} pages ({same / max(1, len(auto)):.1%})')


def engine_source(name):
    """The text of src/core/engines/<name>: the shipped constants are written there only."""
    with open(os.path.join(train.ROOT, 'src', 'core', 'engines', name)) as f:
        return f.read()


def edit_thresholds():
    """(AUTO_ADD_THRESHOLD as src/core/engines/auto.ts ships it, no drop threshold: Auto only adds)."""
    src = engine_source('auto.ts')
    return float(re.search(r'export const AUTO_ADD_THRESHOLD = ([-+.\deE]+);', src).group(1)), -1.0


def shipped_rule():
    """GATE_RULE as src/core/engines/autoGate.ts ships it (the one place it is written)."""
    src = engine_source('autoGate.ts')
    block = src[src.index('export const GATE_RULE'):]
    block = block[:block.index('];')]
    return tuple((n, op, float(t)) for n, op, t in re.findall(r"feature: '(\w+)', op: '(<=|>=)', threshold: ([-+.\deE]+)", block))


def skip_rates(files):
    """How many pages of each gate-feature file the shipped rule sends down the cheap path."""
    rule = shipped_rule()
    print(f'shipped rule: skip when {describe(rule)}')
    for path in files:
        rows = [json.loads(line) for line in gzip.open(path, 'rt') if line.strip()]
        names = rows[0]['gateNames']
        G = np.array([r['gate'] or [np.nan] * len(names) for r in rows], dtype=np.float64)
        skip = apply(rule, G, names) & ~np.isnan(G[:, 0])
        types = np.array([r.get('type') for r in rows])
        print(f'{path}: cheap path on {int(skip.sum())} of {len(rows)} pages ({skip.mean():.1%})  ' +
              ' '.join(f'{t} {skip[types == t].mean():.0%}' for t in sorted(set(types)) if t))


def main():
    if '--skip-rate' in sys.argv:
        return skip_rates(sys.argv[sys.argv.index('--skip-rate') + 1:])
    if '--same-clips' in sys.argv:
        return same_clips(sys.argv[sys.argv.index('--same-clips') + 1])
    names, gate = load_gate()
    nta_clips = {}
    for i, a in enumerate(sys.argv):
        if a == '--nta':
            with open(sys.argv[i + 1]) as f:
                for line in f:
                    if line.strip():
                        row = json.loads(line)
                        nta_clips[row['id']] = row.get('text') or ''
    meta, nta, edited = page_scores(nta_clips)
    if '--edits' in sys.argv:
        # The combiner's two thresholds (auto.ts): out-of-fold page bowF1 of the edited clip.
        drops = (-1, 0.1, 0.2, 0.3)
        print(f'Auto (NTA\'s clip edited), half A out of fold; NTA\'s clip {nta.mean():.4f}')
        print('add at P >= \\ drop at P <  ' + '  '.join('never' if d < 0 else f'{d:5.2f}' for d in drops))
        for add in (0.5, 0.55, 0.6, 0.65, 0.7, 0.8):
            print(f'{add:23.2f}  ' + '  '.join(f'{edited(add, d).mean():.4f}' for d in drops))
        return
    auto = edited(*edit_thresholds())
    keep = [i for i, m in enumerate(meta) if m['id'] in gate]
    missing = len(meta) - len(keep)
    meta = [meta[i] for i in keep]
    nta, auto = nta[keep], auto[keep]
    # A page where NTA selected nothing has no gate features: Auto always runs there.
    has = np.array([gate[m['id']] is not None for m in meta])
    G = np.array([gate[m['id']] or [np.nan] * len(names) for m in meta], dtype=np.float64)
    G[~has] = np.nan
    gain = auto - nta
    fold = np.array([train.bucket(m['host'] + '#gate', FOLDS) for m in meta])
    types = np.array([m['type'] for m in meta])
    print(f'half A: {len(meta)} pages with gate features ({missing} without), NTA selects nothing on {int((~has).sum())}')
    print(f'page bowF1: NTA {nta.mean():.4f}  Auto (out of fold) {auto.mean():.4f}  '
          f'(Auto better on {(gain > 0.005).mean():.0%}, worse on {(gain < -0.005).mean():.0%}, within 0.005 on {(abs(gain) <= 0.005).mean():.0%})')
    for t in sorted(set(types)):
        s = types == t
        print(f'    {t:14s} {s.sum():4d} pages  NTA {nta[s].mean():.3f}  Auto {auto[s].mean():.3f}')
    # Features one by one: Spearman-like view of how each orders the gain.
    print('gain by feature quartile (mean Auto - NTA F1, lowest to highest quartile):')
    for j, name in enumerate(names):
        x = G[has, j]
        qs = np.quantile(x, [0.25, 0.5, 0.75])
        bins = np.digitize(x, qs)
        # (a feature with few distinct values may leave a quartile empty: shown as '-')
        print(f'    {name:18s} ' + '  '.join(f'{gain[has][bins == b].mean():+.4f}' if (bins == b).any() else '      -' for b in range(4)))

    print(f'\nsite-disjoint {FOLDS}-fold CV on half A (rule chosen on 4 folds, scored on the 5th):')
    print(f'{"target":>6s} {"rule":>5s} {"skip":>6s} {"gated F1":>9s} {"oracle":>7s}   rules chosen per fold')
    for pairs in (False, True):
        for target in TARGETS:
            skip = np.zeros(len(meta), dtype=bool)
            chosen = []
            for k in range(FOLDS):
                tr = (fold != k) & has
                rule = choose(G, names, gain, tr, target, pairs)
                chosen.append(describe(rule))
                te = fold == k
                skip[te] = apply(rule, G, names)[te] & has[te]
            gated = np.where(skip, nta, auto)
            # Oracle: skip the same number of pages, those where Auto gains least.
            order = np.argsort(np.where(has, gain, np.inf), kind='stable')
            oracle = auto.copy()
            oracle[order[:skip.sum()]] = nta[order[:skip.sum()]]
            print(f'{target:6.2f} {"2" if pairs else "1":>5s} {skip.mean():6.3f} {gated.mean():9.4f} {oracle.mean():7.4f}   ' + ' | '.join(sorted(set(chosen))))
    print(f'(always Auto {auto.mean():.4f}, always NTA {nta.mean():.4f})')

    target = float(stage2.option('--target', 0.5))
    pairs = '--single' not in sys.argv
    rule = choose(G, names, gain, has, target, pairs)
    skip = apply(rule, G, names) & has
    gated = np.where(skip, nta, auto)
    print(f'\nrule on all of half A at target {target}: skip when {describe(rule)}')
    print(f'  in sample: skip {skip.mean():.3f}, gated F1 {gated.mean():.4f} (Auto {auto.mean():.4f}, NTA {nta.mean():.4f})')
    for t in sorted(set(types)):
        s = types == t
        print(f'    {t:14s} skip {skip[s].mean():.2f}  gated {gated[s].mean():.3f}  Auto {auto[s].mean():.3f}  NTA {nta[s].mean():.3f}')
    print('  thresholds exactly (autoGate.ts GATE_RULE): ' + json.dumps([[n, op, t] for n, op, t in rule]))


if __name__ == '__main__':
    main()
