import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { actionKey, isHeadingAnchor } from './controls';
import { extractResult } from './extract';
import { ACTION_LABELS, CONTROL_FIRST_UNITS, CONTROL_PHRASE, PERMALINK_MARKS, PLACEHOLDER_PHRASE, READING_TIME, READING_TIME_FIRST_UNITS, TOC_LABEL } from './rules';
import { fakeLayout, prose } from './testPage';

function page(body: string): Document {
  return new JSDOM(`<!doctype html><html lang="en"><head><title>A story</title></head><body>${body}</body></html>`, { url: 'https://example.com/story' }).window.document;
}

function clip(body: string): { text: string; html: string; notes: string[] } {
  const r = extractResult(page(body), { layout: fakeLayout });
  if (!r.ok) throw new Error(r.message);
  return { text: r.clip.text, html: r.clip.html, notes: r.clip.trace.notes };
}

const blocks = (text: string): string[] => text.split('\n\n');

describe('control text', () => {
  it('drops a call to action on a line of its own, and keeps one inside a sentence', () => {
    const { text, notes } = clip(`<article><h1>The harbour lantern festival returns</h1>
      <p>${prose(5, 1)}</p><p>${prose(5, 2)}</p>
      <div class="card"><p>${prose(2, 3)}</p><div class="more"><a href="/story-two">Read more</a></div></div>
      <div class="card"><p>${prose(2, 4)}</p><div class="cta"><span class="text-blue">Learn more »</span></div></div>
      <p>${prose(3, 5)} The festival's own site has a page to <a href="/learn">learn more</a> about the lanterns.</p>
    </article>`);
    expect(blocks(text)).not.toContain('Read more');
    expect(blocks(text)).not.toContain('Learn more »');
    expect(text).toContain('a page to learn more about the lanterns.');
    expect(notes.some((n) => n.startsWith('control text: 2 call'))).toBe(true);
  });

  it('keeps a heading whose text is a call to action (it names a section)', () => {
    const { text } = clip(`<article><h1>The harbour lantern festival returns</h1>
      <p>${prose(5, 1)}</p><p>${prose(5, 2)}</p><h2>Learn more</h2><p>${prose(3, 3)}</p></article>`);
    expect(blocks(text)).toContain('Learn more');
  });

  it('drops a forum quote’s expander and a placeholder that scripts never filled', () => {
    const { text } = clip(`<article><h1>The harbour lantern festival returns</h1>
      <div class="message"><blockquote class="bbCodeBlock--expandable"><div class="bbCodeBlock-title"><a href="/threads/1/#post-2">Poltergust said:</a></div>
        <div class="bbCodeBlock-content"><div class="bbCodeBlock-expandContent">${prose(2, 6)}</div>
        <div class="bbCodeBlock-expandLink"><a role="button" tabindex="0">Click to expand...</a></div></div></blockquote>${prose(5, 1)}</div>
      <div id="toc-container"> Loading... </div>
      <p>${prose(5, 2)}</p></article>`);
    expect(text).toContain(prose(2, 6));
    expect(text).not.toContain('Click to expand');
    expect(text).not.toContain('Loading');
  });

  it('drops a post’s or a card’s own controls standing alone, with their separators', () => {
    const { text, notes } = clip(`<article><h1>The harbour lantern festival returns</h1>
      <div class="post"><p>${prose(5, 1)}</p><div class="comments-link"><a role="button" href="#">Add a comment</a><span> | </span><a role="button" href="#">Show <b>2</b> more comments</a></div></div>
      <div class="post"><p>${prose(5, 2)}</p><div class="post-menu"><a href="/posts/1/edit">Improve this answer</a> <button type="button">Follow</button></div></div>
      <div class="post"><p>${prose(5, 3)}</p><div class="actions"><a href="/reply/1">Reply</a> · <span role="button">Report</span></div></div>
      <div class="card"><p>${prose(5, 4)}</p><div class="card-buttons"><a class="button quickview">Quick view</a></div></div>
      <p>${prose(5, 5)}</p></article>`);
    expect(blocks(text)).toEqual(['The harbour lantern festival returns', ...[1, 2, 3, 4, 5].map((n) => prose(5, n))]);
    // Six links and spans; the button's label is never written (a form control).
    expect(notes).toContain('control text: 6 post or card control(s) ("Reply", "Share", "Add to cart") standing alone dropped');
  });

  it('keeps such a word when it is no link or button, a heading, a table’s cell, or has words beside it', () => {
    const { text } = clip(`<article><h1>The harbour lantern festival returns</h1><p>${prose(5, 1)}</p>
      <p>Share</p>
      <p>${prose(2, 4)} <a href="/share">Share</a></p>
      <h2 id="compare"><a href="#compare">Compare</a></h2><p>${prose(3, 6)}</p>
      <table><tr><td><a href="/save">Save</a></td><td>${prose(1, 2)}</td></tr></table>
      <p>${prose(5, 3)}</p></article>`);
    expect(blocks(text)).toContain('Share');
    expect(text).toContain(`${prose(2, 4)} Share`);
    expect(blocks(text)).toContain('Compare');
    expect(blocks(text)).toContain('Save');
  });

  it('drops a heading’s permalink mark, inside the heading or beside it', () => {
    const { text, html } = clip(`<article><h1>The harbour lantern festival returns</h1><p>${prose(5, 1)}</p>
      <h2 id="history">History<a class="headerlink" href="#history" title="Permalink">¶</a></h2><p>${prose(5, 2)}</p>
      <div class="heading-wrapper"><h2 id="route">The route</h2><a class="anchor" href="#route">#</a></div><p>${prose(5, 3)}</p>
      <p>Section mark: <a href="#s2">§</a> see below.</p></article>`);
    expect(blocks(text)).toContain('History');
    expect(blocks(text)).not.toContain('#');
    expect(html).not.toContain('¶');
    // A mark in running text is no heading's permalink.
    expect(text).toContain('Section mark: § see below.');
  });


  it('tells a heading’s own anchor from a link in a heading', () => {
    const d = page(`
      <h2 id="own"><a href="#own">What Is Ownership?</a></h2>
      <h2><a id="self" href="#self"> Its  own id </a></h2>
      <h2 id="caf%C3%A9x"><a href="#caf%C3%A9x">Encoded twice</a></h2>
      <h2 id="café"><a href="#caf%C3%A9">Café</a></h2>
      <h3><a href="/stories/lanterns">Lanterns return to the harbour</a></h3>
      <h2 id="part">Read <a href="#part">this part</a></h2>
      <h2 id="elsewhere"><a href="#other">Points elsewhere</a></h2>
      <h2 id="mark">Mark<a href="#mark"></a></h2>
      <p id="para"><a href="#para">Not a heading</a></p>`);
    const verdicts = Array.from(d.querySelectorAll('a'), (a) => `${a.textContent!.trim() || '(empty)'}: ${isHeadingAnchor(a)}`);
    expect(verdicts).toEqual([
      'What Is Ownership?: true',
      'Its  own id: true',
      'Encoded twice: true',
      'Café: true',
      'Lanterns return to the harbour: false',
      'this part: false',
      'Points elsewhere: false',
      '(empty): false',
      'Not a heading: false',
    ]);
  });

  it('keeps a call to action that shares its block across a line break, and a bare "Loading" in a list', () => {
    const { text } = clip(`<article><h1>The harbour lantern festival returns</h1><p>${prose(5, 1)}</p>
      <p>We may earn a commission from your purchases.<br><a href="/about">Learn more.</a></p>
      <p>${prose(5, 2)}</p><ul><li>Packing services</li><li>Loading</li><li>Unloading</li></ul></article>`);
    expect(text).toContain('Learn more.');
    expect(blocks(text)).toContain('Loading');
  });

  it('drops a placeholder even as a heading, and a card’s "Learn more" but not its picture', () => {
    const { text, html } = clip(`<article><h1>The harbour lantern festival returns</h1><p>${prose(5, 1)}</p>
      <ul class="carousel"><li><div class="tile"><h3 class="sr-only">Loading...</h3><div class="placeholder"></div></div></li></ul>
      <div class="card"><div class="thumb"><img src="/lantern.jpg" data-w="300" alt="A lantern"><div class="caption">LEARN MORE</div></div></div>
      <p>${prose(5, 2)}</p></article>`);
    expect(text).not.toContain('Loading');
    expect(text).not.toContain('LEARN MORE');
    expect(html).toContain('lantern.jpg');
  });

  it('drops a forum post’s number on a line of its own, not a numbered link in a sentence', () => {
    const { text } = clip(`<article><h1>The harbour lantern festival returns</h1>
      <div class="message"><header><ul class="attribution"><li><a href="/threads/lanterns.12/post-345" rel="nofollow"> #2 </a></li></ul></header><div class="body"><p>${prose(5, 1)}</p>
      <p>${prose(2, 2)} See <a href="https://github.com/psf/requests/issues/2018">#2018</a> for details.</p></div></div></article>`);
    expect(blocks(text)).not.toContain('#2');
    expect(text).toContain('See #2018 for details.');
  });

  it('drops a table of contents’ label left over when its links went as a link block', () => {
    const { text } = clip(`<article><h1>The harbour lantern festival returns</h1><p>${prose(5, 1)}</p>
      <div class="toc"><div class="toc-header"><b class="toc-title">Contents</b> <span class="toggle"><a href="#">hide</a></span></div>
      <ul><li><a href="#history">History</a></li><li><a href="#route">Route</a></li><li><a href="#lanterns">Lanterns</a></li><li><a href="#music">Music</a></li></ul></div>
      <h2 id="history">History</h2><p>${prose(5, 2)}</p><h2 id="route">Route</h2><p>${prose(4, 3)}</p></article>`);
    expect(text).not.toContain('Contents');
    expect(text).toContain(prose(4, 3));
  });

  it('judges a control by the text it shows: a <style> and a hidden label before its words do not count, words two elements down do', () => {
    const { text } = clip(`<article><h1>The harbour lantern festival returns</h1><p>${prose(5, 1)}</p>
      <div class="card"><p>${prose(2, 2)}</p><div class="cta"><style>.cta{color:red}</style><span class="label" hidden>Offer:</span>
        <span class="btn"> <b>  </b><em> Read more</em></span></div></div>
      <p>${prose(5, 3)}</p></article>`);
    expect(text).not.toContain('Read more');
    expect(text).toContain(prose(2, 2));
  });

  it('drops the page’s reading-time label, alone or in a byline’s line, and keeps minutes in a sentence or a recipe', () => {
    const { text, notes } = clip(`<article><h1>The harbour lantern festival returns</h1>
      <div class="byline"><span>By Ann Lee</span> · <span class="rt">5 min read</span></div>
      <p class="estimate"><span>Reading time:</span> <span>8</span> minutes</p>
      <p>${prose(5, 1)}</p><p>It is a five-minute read, or a 5 min read if you skim the lists.</p>
      <ul><li>Prep: <b>10 min</b></li><li>${prose(1, 2)}</li></ul><p>${prose(5, 3)}</p></article>`);
    expect(blocks(text)[1]).toBe('By Ann Lee');
    expect(text).not.toMatch(/Reading time|8 minutes/);
    expect(text).toContain('or a 5 min read if you skim the lists.');
    expect(text).toContain('Prep: 10 min');
    expect(notes).toContain('control text: 2 reading-time label(s) dropped');
  });

  it('knows reading-time labels in several languages, and reads on into each (rules.READING_TIME_FIRST_UNITS)', () => {
    const labels = ['5 min read', '3 MIN. READ', '7 Minute Read', '< 5-minute read', '~ 6 minutes read', '4 min read time', 'Reading time: 8 minutes',
      'Read time: 14 min', 'Estimated reading time: 11 minutes', 'Average read time 3 min', 'Reading time about 6 minutes', 'Lesezeit: 4 Minuten',
      '4 Minuten Lesezeit', 'Leestijd 3 minuten', 'Temps de lecture : 5 min', '5 min de lecture', 'Tiempo de lectura: 6 minutos', 'Tempo de leitura: 2 min',
      'Tempo di lettura: 7 minuti', '3 minuti di lettura', 'About 4 min read'];
    for (const label of labels) {
      expect(READING_TIME.test(label.toLowerCase()), label).toBe(true);
      // controls.ts asks the pattern only about texts that say "min".
      expect(label.toLowerCase(), label).toContain('min');
      expect(READING_TIME_FIRST_UNITS.has(label.charAt(0)), label).toBe(true);
      expect(READING_TIME_FIRST_UNITS.has(label.charAt(0).toUpperCase()), label).toBe(true);
    }
    // No number, no unit, no "read", or more than a label: the page's words.
    for (const text of ['Reading time', 'min read', '10 min', '5 minutes', 'a five-minute read', 'xx min read', 'September 12, 2025 | 14 min read', 'Read more']) {
      expect(READING_TIME.test(text.toLowerCase()), text).toBe(false);
    }
  });

  it('reads on into every text a control pattern could match, in either case (rules.CONTROL_FIRST_UNITS)', () => {
    // The first letter of each alternative the anchored patterns open with: `^(?:a|b)` or `^(?:a )?b`.
    const firstLetters = (pattern: RegExp): string[] => {
      const body = pattern.source.replace(/^\^/, '');
      const group = /^\(\?:([^()]*)\)(\?)?/.exec(body);
      if (!group) return [body.charAt(0)];
      const heads = group[1]!.split('|').map((alternative) => alternative.charAt(0));
      return group[2] ? [...heads, body.charAt(group[0].length)] : heads;
    };
    const letters = [CONTROL_PHRASE, PLACEHOLDER_PHRASE, TOC_LABEL].flatMap(firstLetters);
    expect(new Set(letters)).toEqual(new Set(['r', 'l', 'c', 't']));
    for (const label of ACTION_LABELS) letters.push(label.charAt(0));
    for (const letter of letters) {
      expect(CONTROL_FIRST_UNITS.has(letter)).toBe(true);
      expect(CONTROL_FIRST_UNITS.has(letter.toUpperCase())).toBe(true);
    }
    for (const mark of [...PERMALINK_MARKS, '#12']) expect(CONTROL_FIRST_UNITS.has(mark.charAt(0))).toBe(true);
    // And a text that begins otherwise is not read: "Next" under a card stays (no pattern holds it).
    expect(CONTROL_FIRST_UNITS.has('N')).toBe(false);
    expect(actionKey('show  12\n more comments |')).toBe('show # more comments');
    expect(ACTION_LABELS.has(actionKey('add to cart »'))).toBe(true);
    expect(ACTION_LABELS.has(actionKey('share this'))).toBe(false);
  });
});
