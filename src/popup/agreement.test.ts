import { describe, expect, it } from 'vitest';
import { bowScore } from '../../bench/metrics';
import { wordBag } from '../content/engineSample';
import { bagAgreement } from './agreement';

/**
 * The popup's agreement (content script's word bags → bagAgreement) must be the number the
 * benchmark would compute for the same two texts (bench/metrics.ts bowScore), so "92 %" in
 * the compare view means what it means in the benchmark tables.
 */
const agreement = (a: string, b: string) => bagAgreement(wordBag(a), wordBag(b));

describe('popup agreement = benchmark bag-of-words F1', () => {
  const pairs: [string, string][] = [
    // Underscore is a word character for the benchmark (Python's \w): `user_id` is one token,
    // so it does not match `user id`. The old popup tokenizer ([\p{L}\p{N}]+) scored this 1.
    ['Set user_id and max_rows in config_file', 'Set user id and max rows in config file'],
    ['snake_case __init__ _private', 'snake case init private'],
    ['The River, the RIVER! Flüsse 東京 2024', 'the river flüsse 2024 東京'],
    // Combining marks split a token in both (decomposed é), apostrophes and hyphens too.
    ['cafe\u0301 don\'t well-known e-mail', 'café dont well known email'],
    ['', ''],
    ['', 'river'],
  ];
  it.each(pairs)('%j vs %j', (a, b) => {
    expect(agreement(a, b)).toBeCloseTo(bowScore(a, b).f1, 12);
    expect(agreement(b, a)).toBeCloseTo(bowScore(b, a).f1, 12);
  });

  it('keeps underscore words whole (the case that differed)', () => {
    expect(wordBag('user_id USER_ID').words).toEqual(['user_id']);
    expect(agreement('user_id', 'user id')).toBe(0);
  });
});
