import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { aggregate, bowScore, percentile, scorePage, shingleScore, snippetCounts, tokenize } from './metrics';
import { BENCH_DATA_ROOT } from './paths';

/** The shared vectors are the definition of the metrics: every number must match to 1e-9. */
const VECTORS = join(BENCH_DATA_ROOT, 'metric-vectors.json');

interface Vector {
  name: string;
  truth: string;
  prediction: string;
  shingle: { tp: number; fp: number; fn: number; precision: number | null; recall: number | null };
  bow: { precision: number; recall: number; f1: number };
}
interface Vectors {
  pages: Vector[];
  aggregate: { shingle: { f1: number; precision: number; recall: number; pages: number } };
}

const vectors = JSON.parse(readFileSync(VECTORS, 'utf8')) as Vectors;

function close(actual: number | null | undefined, expected: number | null): void {
  if (expected === null) {
    expect(actual).toBeNull();
    return;
  }
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(1e-9);
}

describe('metric vectors (metric-vectors.json)', () => {
  it('has the vectors the README promises', () => {
    expect(vectors.pages.length).toBeGreaterThanOrEqual(12);
  });

  for (const v of vectors.pages) {
    it(`shingle scores: ${v.name}`, () => {
      const s = shingleScore(v.truth, v.prediction);
      close(s.tp, v.shingle.tp);
      close(s.fp, v.shingle.fp);
      close(s.fn, v.shingle.fn);
      close(s.precision, v.shingle.precision);
      close(s.recall, v.shingle.recall);
    });
    it(`bag-of-words scores: ${v.name}`, () => {
      const b = bowScore(v.truth, v.prediction);
      close(b.precision, v.bow.precision);
      close(b.recall, v.bow.recall);
      close(b.f1, v.bow.f1);
    });
  }

  it('aggregate shingle F1/P/R over all vector pages', () => {
    const agg = aggregate(vectors.pages.map((v) => scorePage({ text: v.truth }, v.prediction)));
    const want = vectors.aggregate.shingle;
    expect(agg.shingle!.pages).toBe(want.pages);
    close(agg.shingle!.f1, want.f1);
    close(agg.shingle!.precision, want.precision);
    close(agg.shingle!.recall, want.recall);
  });
});

describe('tokenizer', () => {
  it('matches Python \\w+: Unicode letters and digits, underscore, marks split tokens', () => {
    expect(tokenize("Don't STOP — it's 2024!")).toEqual(['Don', 't', 'STOP', 'it', 's', '2024']);
    expect(tokenize('snake_case x_1 3.14')).toEqual(['snake_case', 'x_1', '3', '14']);
    expect(tokenize('cafe\u0301 北京')).toEqual(['cafe', '北京']);
    expect(tokenize('')).toEqual([]);
  });
});

describe('snippets', () => {
  it('normalises whitespace, stays case-sensitive, sums counts over pages', () => {
    const c = snippetCounts('Rain is\n\nexpected  today.\nShare this', ['Rain is expected', 'rain is expected', 'sunny'], ['Share this', 'Cookie']);
    expect(c).toEqual({ tp: 1, fn: 2, fp: 1, tn: 1 });
    const agg = aggregate([
      scorePage({ text: null, with: ['a b'], without: ['c'] }, 'a  b c'),
      scorePage({ text: null, with: ['x'], without: ['y'] }, 'x'),
    ]);
    expect(agg.shingle).toBeNull();
    expect(agg.snippets).toMatchObject({ tp: 2, fn: 0, fp: 1, tn: 1 });
    close(agg.snippets!.f1, 4 / 5);
    close(agg.snippets!.precision, 2 / 3);
    close(agg.snippets!.recall, 1);
  });

  it('reports no snippet score when a dataset has no snippets', () => {
    expect(aggregate([scorePage({ text: 'a b c' }, 'a b c')]).snippets).toBeNull();
  });
});

describe('percentile', () => {
  it('interpolates linearly like numpy', () => {
    const xs = [1, 2, 3, 4, 10];
    expect(percentile(xs, 50)).toBe(3);
    close(percentile(xs, 95), 8.8);
    expect(percentile(xs, 100)).toBe(10);
    expect(percentile([7], 95)).toBe(7);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
  });
});
