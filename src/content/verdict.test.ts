// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { MIN_ARTICLE_WORDS, parseClipHtml, runningWords as runningWordsOf } from './verdict';

const runningWords = (html: string): number => runningWordsOf(parseClipHtml(html));

describe('runningWords (the not-an-article verdict)', () => {
  it('counts nothing in a list of links, however many words the links hold', () => {
    const links = Array.from({ length: 25 }, (_, i) => `<li><a href="/story/${i}">Story number ${i} about the valley</a></li>`).join('');
    expect(runningWords(`<ul>${links}</ul>`)).toBe(0);
  });

  it('counts the words outside links, in-text links excluded', () => {
    const html = '<p>The river rose three feet overnight, and the <a href="/a">town council</a> met at dawn.</p>';
    expect(runningWords(html)).toBe(11);
  });

  it('does not glue the words of adjacent blocks together', () => {
    expect(runningWords('<h2>One</h2><p>two</p><ul><li>three</li><li>four</li></ul>')).toBe(4);
  });

  it('counts CJK characters as words, like the clip word count', () => {
    expect(runningWords('<p>北京欢迎你</p>')).toBe(5);
  });

  it('keeps an article with a link list under it above the bar', () => {
    const prose = Array.from({ length: MIN_ARTICLE_WORDS }, (_, i) => `word${i}`).join(' ');
    const related = Array.from({ length: 10 }, (_, i) => `<li><a href="/r/${i}">Related story ${i}</a></li>`).join('');
    expect(runningWords(`<p>${prose}</p><ul>${related}</ul>`)).toBe(MIN_ARTICLE_WORDS);
  });
});
