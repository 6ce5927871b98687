import { describe, expect, it } from 'vitest';
import { engines } from '../core/engines';
import { wordBag, openingHtml } from '../content/engineSample';
import { bagAgreement } from '../popup/agreement';
import {
  CONTENT_ENGINES,
  engineSampleValidator,
  extractReplyValidator,
  requestValidators,
  SAMPLE_HTML_CHARS,
  SAMPLE_MAX_WORDS,
  SAMPLE_WORD_CHARS,
  type EngineSample,
} from './messages';

/** The engine choice and compare view (issue 6, "Choosing") in the message protocol. */

const ok: EngineSample = { kind: 'sample', engine: 'vsse', title: 'The River', wordCount: 3, ms: 12, openingHtml: '<p>The river rose.</p>', bag: { words: ['the', 'river', 'rose'], counts: [1, 1, 1] } };
const check = (value: unknown) => engineSampleValidator(value, 'reply');

describe('content engines', () => {
  it('are exactly the core registry’s engines (a new engine must be offered in the popup, a removed one not)', () => {
    expect([...CONTENT_ENGINES].sort()).toEqual(Object.keys(engines).sort());
  });
});

describe('engine requests', () => {
  it('preview and extract take an optional known engine; sample-engine and set-engine need one', () => {
    expect(requestValidators['ui→bg:preview']({ tabId: 1, mode: 'article', engine: 'auto' }, 'payload')).toEqual({ tabId: 1, mode: 'article', engine: 'auto' });
    expect(requestValidators['ui→bg:preview']({ tabId: 1, mode: 'article' }, 'payload')).toEqual({ tabId: 1, mode: 'article' });
    expect(requestValidators['bg→content:extract']({ mode: 'article', kind: 'list', engine: 'classifier' }, 'payload')).toEqual({ mode: 'article', kind: 'list', engine: 'classifier' });
    expect(() => requestValidators['ui→bg:preview']({ tabId: 1, mode: 'article', engine: 'fullpage' }, 'payload')).toThrow('payload.engine: expected one of');
    expect(() => requestValidators['ui→bg:preview']({ tabId: 1, mode: 'article', engine: 'readability' }, 'payload')).toThrow('payload.engine');
    expect(requestValidators['ui→bg:sample-engine']({ tabId: 3, engine: 'nta' }, 'payload')).toEqual({ tabId: 3, engine: 'nta' });
    expect(() => requestValidators['ui→bg:sample-engine']({ tabId: 3 }, 'payload')).toThrow('payload.engine');
    expect(() => requestValidators['bg→content:sample-engine']({ engine: 'selection', notAfter: 1 }, 'payload')).toThrow('payload.engine');
    // The content script needs the background's deadline, to skip work nobody waits for.
    expect(requestValidators['bg→content:sample-engine']({ engine: 'vsse', notAfter: 1_700_000_000_000 }, 'payload')).toEqual({ engine: 'vsse', notAfter: 1_700_000_000_000 });
    expect(() => requestValidators['bg→content:sample-engine']({ engine: 'vsse' }, 'payload')).toThrow('payload.notAfter');
    expect(requestValidators['ui→bg:set-engine']({ engine: 'auto' }, 'payload')).toEqual({ engine: 'auto' });
    expect(() => requestValidators['ui→bg:set-engine']({ engine: 'auto', tabId: 1 }, 'payload')).toThrow('payload.tabId: expected no such field');
  });

  it('the extract reply may name the engine in effect, a known one only', () => {
    const notArticle = { kind: 'not-article', message: 'No article.', hasSelection: false, engine: 'vsse' };
    expect(extractReplyValidator(notArticle, 'reply')).toEqual(notArticle);
    expect(() => extractReplyValidator({ ...notArticle, engine: 'magic' }, 'reply')).toThrow('reply.engine');
  });
});

describe('engineSampleValidator', () => {
  it('accepts a sample, a failure and a timeout unchanged', () => {
    expect(check(ok)).toEqual(ok);
    const failed = { kind: 'failed', engine: 'classifier', message: 'No article found.' };
    expect(check(failed)).toEqual(failed);
    const late = { kind: 'timed-out', engine: 'auto', afterMs: 8_000 };
    expect(check(late)).toEqual(late);
  });

  it('accepts the limits exactly', () => {
    const words = Array.from({ length: SAMPLE_MAX_WORDS }, (_, i) => `w${i}`.padEnd(i === 0 ? SAMPLE_WORD_CHARS : 1, 'x'));
    const big = { ...ok, openingHtml: 'x'.repeat(SAMPLE_HTML_CHARS), bag: { words, counts: words.map(() => 2) } };
    expect(check(big)).toEqual(big);
  });

  it.each([
    ['an unknown engine', { ...ok, engine: 'readability' }, 'reply.engine'],
    ['a pseudo-engine', { ...ok, engine: 'fullpage' }, 'reply.engine'],
    ['an over-long opening', { ...ok, openingHtml: 'x'.repeat(SAMPLE_HTML_CHARS + 1) }, 'reply.openingHtml'],
    ['a negative time', { ...ok, ms: -1 }, 'reply.ms'],
    ['a fractional word count', { ...ok, wordCount: 2.5 }, 'reply.wordCount'],
    ['counts not paired with words', { ...ok, bag: { words: ['a', 'b'], counts: [1] } }, 'reply.bag.counts: expected 2 counts'],
    ['a repeated word', { ...ok, bag: { words: ['a', 'a'], counts: [1, 1] } }, 'reply.bag.words: expected distinct words'],
    ['a zero count', { ...ok, bag: { words: ['a'], counts: [0] } }, 'reply.bag.counts[0]'],
    ['an empty word', { ...ok, bag: { words: [''], counts: [1] } }, 'reply.bag.words[0]'],
    ['an over-long word', { ...ok, bag: { words: ['x'.repeat(SAMPLE_WORD_CHARS + 1)], counts: [1] } }, 'reply.bag.words[0]'],
    ['too many words', { ...ok, bag: { words: Array.from({ length: SAMPLE_MAX_WORDS + 1 }, (_, i) => `w${i}`), counts: Array.from({ length: SAMPLE_MAX_WORDS + 1 }, () => 1) } }, 'reply.bag.words'],
    ['an extra field', { ...ok, html: '<p>all of it</p>' }, 'reply.html: expected no such field'],
    ['a failure without a message', { kind: 'failed', engine: 'nta' }, 'reply.message'],
    ['no kind at all', { engine: 'nta', message: 'x' }, 'reply.kind'],
    ['a timeout without its time', { kind: 'timed-out', engine: 'nta' }, 'reply.afterMs'],
    ['a timeout carrying a message', { kind: 'timed-out', engine: 'nta', afterMs: 1, message: 'x' }, 'reply.message: expected no such field'],
  ])('rejects %s', (_, value, path) => {
    expect(() => check(value)).toThrow(path);
  });
});

describe('wordBag and openingHtml (content script)', () => {
  it('counts lower-cased words of any script, capped in length and number', () => {
    const bag = wordBag('The river, the RIVER! Flüsse 東京 2024');
    expect(Object.fromEntries(bag.words.map((w, i) => [w, bag.counts[i]]))).toEqual({ the: 2, river: 2, flüsse: 1, 東京: 1, '2024': 1 });
    expect(wordBag('a'.repeat(100)).words[0]).toHaveLength(SAMPLE_WORD_CHARS);
    const many = wordBag(Array.from({ length: SAMPLE_MAX_WORDS + 50 }, (_, i) => `w${i}`).join(' ') + ' w0');
    expect(many.words).toHaveLength(SAMPLE_MAX_WORDS);
    expect(many.counts[0]).toBe(2);
    expect(check({ ...ok, bag: many })).toBeTruthy();
  });

  it('keeps short HTML whole and cuts long HTML before a tag, within the cap', () => {
    expect(openingHtml('<p>short</p>')).toBe('<p>short</p>');
    const long = Array.from({ length: 400 }, (_, i) => `<p>Paragraph ${i} of the article.</p>`).join('');
    const cut = openingHtml(long);
    expect(cut.length).toBeLessThanOrEqual(SAMPLE_HTML_CHARS);
    expect(long.startsWith(cut)).toBe(true);
    expect(long[cut.length]).toBe('<');
  });
});

describe('bagAgreement (popup)', () => {
  const bag = (text: string) => wordBag(text);
  it('is the bag-of-words F1: 1 for the same words, 0 for none shared, symmetric in between', () => {
    expect(bagAgreement(bag('the river rose'), bag('rose the river'))).toBe(1);
    expect(bagAgreement(bag('the river'), bag('a mill'))).toBe(0);
    // common = min counts: the ×1 + river ×1 = 2; totals 4 and 2 → 2·2/6.
    const a = bag('the the river rose');
    const b = bag('the river');
    expect(bagAgreement(a, b)).toBeCloseTo(4 / 6, 10);
    expect(bagAgreement(b, a)).toBeCloseTo(4 / 6, 10);
    expect(bagAgreement(bag(''), bag(''))).toBe(1);
    expect(bagAgreement(bag(''), bag('river'))).toBe(0);
  });
});
