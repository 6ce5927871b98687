"""The site split every learned engine is trained and scored by, with nothing but the
standard library, so tools that only need the split (heldout.py) run on a machine without
numpy or xgboost:

  * pages are grouped by the hostname of their truth url (without `www.`);
  * half A = md5(hostname) % 2 == 0 (the shipped models' training half), half B = 1
    (held out: learned engines are scored there and on other datasets only).
"""
import hashlib
import os
from urllib.parse import urlparse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.environ.get('SIFT_BENCH_DATA', os.path.join(os.path.dirname(ROOT), 'shared', 'bench-data'))
if not os.path.isdir(DATA):
    DATA = '/work/shared/bench-data'


def host(url):
    h = (urlparse(url).hostname or '').lower()
    return h[4:] if h.startswith('www.') else h


def bucket(h, n):
    return int(hashlib.md5(h.encode()).hexdigest(), 16) % n


HALVES = {'a': 0, 'b': 1}  # --half a|b of the tools: a = the models' training half, b = held out


def half_of(url):
    """0 for a page of half A, 1 for half B (by its truth url's hostname)."""
    return bucket(host(url), 2)
