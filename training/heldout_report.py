#!/usr/bin/python3
"""Score the learned engines honestly from one full benchmark run: read the run's
report.json and print, per dataset, every engine's mean bag-of-words F1 overall and by page
type, its shingle F1 (as the benchmark defines it: the F1 of the mean precision and the
mean recall) and its median in-page time, keeping of wcxb-dev only the pages
of one half of the site split (half B by default: the pages no shipped model saw).

    npm run bench -- --data ../shared/bench-data/wcxb-dev --data ../shared/bench-data/readability \\
        --engines sift,vsse,classifier,auto --out /tmp/bench
    /usr/bin/python3 training/heldout_report.py /tmp/bench/report.json

The benchmark's own table for wcxb-dev averages over both halves, which scores the
classifier and Auto on pages they learned from; this one does not. Datasets other than
wcxb-dev (the readability set) are not part of the split and are scored whole.
Needs only the standard library.
"""
import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import split  # noqa: E402


def mean(values):
    return sum(values) / len(values) if values else float('nan')


def shingle_f1(scores):
    # bench/metrics.ts: pages with no predicted (true) shingles are left out of the P (R) mean
    p = mean([s['shingleP'] for s in scores if s.get('shingleP') is not None])
    r = mean([s['shingleR'] for s in scores if s.get('shingleR') is not None])
    return 2 * p * r / (p + r) if p + r > 0 else 0.0


def table(name, rows, engines):
    types = sorted({r['type'] for r in rows})
    head = ['engine', f'all ({len(rows)})'] + [
        f"{t} ({sum(1 for r in rows if r['type'] == t)})" for t in types] + ['shingle F1', 'p50 ms']
    lines = [f'{name}: mean bag-of-words F1', '| ' + ' | '.join(head) + ' |',
             '|' + '---|' + '---:|' * (len(head) - 1)]
    for e in engines:
        scored = [r for r in rows if e in r['engines'] and r['engines'][e].get('bowF1') is not None]
        if not scored:
            continue
        cells = [e, f"{mean([r['engines'][e]['bowF1'] for r in scored]):.4f}"]
        for t in types:
            cells.append(f"{mean([r['engines'][e]['bowF1'] for r in scored if r['type'] == t]):.3f}")
        cells.append(f"{shingle_f1([r['engines'][e] for r in scored]):.4f}")
        cells.append(f"{statistics.median(r['engines'][e]['ms'] for r in scored):.1f}")
        lines.append('| ' + ' | '.join(cells) + ' |')
    return '\n'.join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('report', help="a benchmark run's report.json")
    ap.add_argument('--half', type=str.lower, choices=split.HALVES, default='b',
                    help="wcxb-dev half to score: b, held out (default); a, the models' training half")
    opts = ap.parse_args()
    try:
        with open(opts.report) as f:
            report = json.load(f)
    except (OSError, ValueError) as err:
        ap.error(f'cannot read {opts.report}: {err}')
    half = split.HALVES[opts.half]
    engines = list(report.get('engines', {}))  # the benchmark lists its baseline, Readability, too
    out = []
    for ds in report.get('datasets', []):
        rows = ds['rows']
        name = ds['name']
        if name == 'wcxb-dev':
            rows = [r for r in rows if split.half_of(r['url']) == half]
            name = f"wcxb-dev half {'B, held out' if half else 'A, the models’ training half'}"
        if rows:
            out.append(table(name, rows, engines))
    if not out:
        ap.error(f'{opts.report} holds no scored pages')
    print('\n\n'.join(out))


if __name__ == '__main__':
    main()
