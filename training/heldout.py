#!/usr/bin/python3
"""Write the benchmark folder of wcxb-dev pages the shipped models never saw (half B:
md5(hostname) % 2 == 1, see train.py), in the bench-data layout (truth.jsonl + pages/
symlinks), so `npm run bench` can score the learned engines honestly:

    /usr/bin/python3 training/heldout.py /tmp/wcxb-heldout [--every K [--offset J]]
    npm run bench -- --data /tmp/wcxb-heldout --engines sift,vsse,classifier,auto

--every K keeps every K-th held-out page in truth.jsonl order, starting at the J-th
(a deterministic sample, for a quicker run on a shared machine; offsets 0..K-1 cover all).

--half a writes half A instead (the models' training half), for engines that learned
nothing from it: training/gate.py reads NTA's benchmark clips of half A.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import split  # noqa: E402  (the site split alone: no numpy or xgboost needed)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('out', nargs='?', default='/tmp/wcxb-heldout', help='folder to write (default %(default)s)')
    ap.add_argument('--every', type=int, default=1, metavar='K', help='keep every K-th page of the half')
    ap.add_argument('--offset', type=int, default=0, metavar='J', help='start at the J-th page (0..K-1)')
    ap.add_argument('--half', type=str.lower, choices=split.HALVES, default='b',
                    help='b: the held-out half (default); a: the models\' training half')
    opts = ap.parse_args()
    if opts.every < 1 or not 0 <= opts.offset < opts.every:
        ap.error('need --every K >= 1 and 0 <= --offset J < K')
    every, offset, out = opts.every, opts.offset, opts.out
    half = split.HALVES[opts.half]
    seen = 0
    src = os.path.join(split.DATA, 'wcxb-dev')
    os.makedirs(os.path.join(out, 'pages'), exist_ok=True)
    kept = 0
    with open(os.path.join(src, 'truth.jsonl')) as f, open(os.path.join(out, 'truth.jsonl'), 'w') as g:
        for line in f:
            if not line.strip():
                continue
            row = json.loads(line)
            if split.half_of(row['url']) != half:
                continue
            seen += 1
            if (seen - 1 - offset) % every:
                continue
            g.write(line if line.endswith('\n') else line + '\n')
            name = f"{row['id']}.html.gz"
            link = os.path.join(out, 'pages', name)
            if not os.path.exists(link):
                os.symlink(os.path.join(src, 'pages', name), link)
            kept += 1
    print(f'{out}: {kept} {"held-out " if half else ""}pages (half {"B" if half else "A"}{", every %d-th" % every if every > 1 else ""})')


if __name__ == '__main__':
    main()
