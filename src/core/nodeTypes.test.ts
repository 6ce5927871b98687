import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { annotate, chooseStartNode, hasLetterOrDigit, pruneFromStart } from './nodeTypes';
import { resolveOptions } from './options';
import { computeStats } from './stats';
import { fakeLayout, prose } from './testPage';

function setup(body: string) {
  const d = new JSDOM(`<!doctype html><html><body>${body}</body></html>`, { url: 'https://example.com/' }).window.document;
  const stats = computeStats(d, fakeLayout)!;
  const ann = annotate(stats);
  const typeOf = (sel: string) => ann.types[stats.index.get(d.querySelector(sel)!)!];
  const docOf = (sel: string) => ann.doc[stats.index.get(d.querySelector(sel)!)!];
  return { d, stats, ann, typeOf, docOf };
}

describe('stats pass (SPEC §1 counts)', () => {
  it('counts TC, LC, LN, IN and leaves; skips what is not rendered', () => {
    const { d, stats } = setup('<div id="x"><p>ab cd <a href="#">ef</a></p><img src="a.png"><p hidden>zzzz</p><script>var x</script></div>');
    const i = stats.index.get(d.querySelector('#x')!)!;
    expect(stats.tc[i]).toBe(6); // ab cd ef, whitespace not counted
    expect(stats.lc[i]).toBe(2);
    expect(stats.ln[i]).toBe(1);
    expect(stats.img[i]).toBe(1);
    // leaves: virtual text "ab cd", anchor leaf <a>, image leaf <img>
    expect([stats.leafText[i], stats.leafAnchor[i], stats.leafImage[i]]).toEqual([1, 1, 1]);
    expect(stats.index.has(d.querySelector('p[hidden]')!)).toBe(false);
    expect(stats.order[stats.order.length - 1]).toBe(d.body);
  });
});

describe('NTA node types, DoC, candidates and start node', () => {
  it('types text, anchor, image and ignore nodes', () => {
    const { typeOf, docOf } = setup(`
      <ul id="menu"><li><a href="/a">Alpha</a></li><li><a href="/b">Beta</a></li></ul>
      <div id="body"><p id="p1">${prose(8)}</p><p id="p2">${prose(8, 1)} <a id="inline" href="/x">see this</a> and more words.</p></div>
      <div id="pic"><img src="x.jpg"></div>
      <div id="empty"><br></div>`);
    expect(typeOf('#menu')).toBe('anchor');
    expect(typeOf('#body')).toBe('text');
    expect(typeOf('#p1')).toBe('text');
    expect(typeOf('#inline')).toBe('anchor');
    expect(typeOf('#pic')).toBe('image');
    expect(typeOf('#empty')).toBe('ignore');
    expect(docOf('#p1')).toBe(1);
    // p2 has two text runs and one anchor leaf
    expect(docOf('#p2')).toBeCloseTo(2 / 3, 5);
  });

  it('chooses the second candidate as start node (title and date sit one level up)', () => {
    const { d, stats, ann } = setup(`<div id="wrap"><h1>Title</h1><div id="content"><p>${prose(20)}</p><p>${prose(20, 2)}</p></div></div><div class="foot"><a href="/1">one</a> <a href="/2">two</a></div>`);
    const choice = chooseStartNode(stats, ann, resolveOptions())!;
    expect(choice.candidates[0]).toBe(d.querySelector('#content'));
    expect(choice.start).toBe(d.querySelector('#wrap'));
  });

  it('when text is split between regions, <body> (typed by its leaves) is the candidate and pruning sorts it out', () => {
    const { d, stats, ann } = setup(`<div id="a"><p>${prose(10)}</p></div><div id="b"><p>${prose(8, 3)}</p></div><footer><a href="/1">About</a> <a href="/2">Terms</a></footer>`);
    const choice = chooseStartNode(stats, ann, resolveOptions())!;
    expect(choice.candidates).toEqual([d.body]);
    const { kept } = pruneFromStart(choice.start, stats, ann, resolveOptions(), fakeLayout);
    expect(kept.has(d.querySelector('#a')!)).toBe(true);
    expect(kept.has(d.querySelector('#b')!)).toBe(true);
  });

  it('raises the start node to the lowest candidate holding the page <h1> when the second candidate does not', () => {
    const { d, stats, ann } = setup(`<div id="page"><div id="hero"><h1>Automatic watches</h1><p>A short intro.</p></div><div id="reading"><div id="inner"><div id="text"><p>${prose(20)}</p><p>${prose(20, 2)}</p></div></div></div></div>`);
    const choice = chooseStartNode(stats, ann, resolveOptions())!;
    expect(choice.candidates.slice(0, 3)).toEqual([d.querySelector('#text'), d.querySelector('#inner'), d.querySelector('#reading')]);
    expect(choice.start).toBe(d.querySelector('#page'));
    expect(choice.notes.join(' ')).toMatch(/<h1>/);
  });

  it('lowers the start node to the page\'s <main> when it holds most of the plain text and the <h1>', () => {
    // A short post: the promotion box and the banner around it are more than a tenth of the
    // page's text, so the only candidates are the app's wrapper and <body>.
    const page = (main: string, rest = '') => setup(`<div id="app"><div class="banner"><p>${prose(3, 5)}</p></div>${main}<div class="rail"><p>${prose(2, 7)}</p></div>${rest}</div>`);
    const post = `<main><h1>Which laptop for college?</h1><div id="post"><p>${prose(6)}</p></div></main>`;
    let { d, stats, ann } = page(post);
    let choice = chooseStartNode(stats, ann, resolveOptions())!;
    expect(choice.candidates).toEqual([d.querySelector('#app'), d.body]);
    expect(choice.start).toBe(d.querySelector('main'));
    expect(choice.notes.join(' ')).toMatch(/lowered to the page's <main>/);
    // Not when <main> holds half of the text or less (the content is elsewhere too) …
    ({ d, stats, ann } = page(post, `<div id="more"><p>${prose(6, 9)}</p></div>`));
    expect(chooseStartNode(stats, ann, resolveOptions())!.start).toBe(d.body);
    // … nor when the page's <h1> is outside it.
    ({ d, stats, ann } = page(`<h1>Which laptop for college?</h1><main><div id="post"><p>${prose(6)}</p></div></main>`));
    choice = chooseStartNode(stats, ann, resolveOptions())!;
    expect(choice.start.contains(d.querySelector('h1'))).toBe(true);
    // The one <article> holding most of the text is a marked main content too; a list of
    // article cards, none of them holding half, is not.
    ({ d, stats, ann } = page(post.replace(/main>/g, 'article>')));
    expect(chooseStartNode(stats, ann, resolveOptions())!.start).toBe(d.querySelector('article'));
    const cards = Array.from({ length: 4 }, (_, i) => `<article><h2>Card ${i}</h2><p>${prose(2, i)}</p></article>`).join('');
    ({ stats, ann } = page(`<div id="list">${cards}</div>`));
    expect(chooseStartNode(stats, ann, resolveOptions())!.start.tagName).not.toBe('ARTICLE');
  });

  it('moves a fallback\'s start beside the page\'s <main> into that <main> when it holds the <h1>', () => {
    // A short terms page: a promotion carousel's slides hold more text than the terms, and the
    // links around them leave no node with 90 % of the text.
    const links = Array.from({ length: 30 }, (_, i) => `<a href="/${i}">l${i}</a>`).join(' ');
    const slides = Array.from({ length: 6 }, (_, i) => `<div class="slide"><span>${prose(2, 20 + i)}</span></div>`).join('');
    const page = (main: string) => setup(`<div id="promo"><div id="carousel">${slides}</div></div><nav>${links}</nav>${main}<footer>${links}</footer>`);
    const terms = `<h1>Custom sets promo terms</h1><div id="terms"><p>${prose(3)}</p><p>${prose(3, 1)}</p></div>`;
    let { d, stats, ann } = page(`<main>${terms}</main>`);
    let choice = chooseStartNode(stats, ann, resolveOptions())!;
    expect(choice.thetaTD).toBeLessThan(0.9);
    expect(choice.start).toBe(d.querySelector('main'));
    expect(choice.notes.join(' ')).toMatch(/moved to the page's <main>/);
    // Without a <main>, or with the <h1> outside it, the fallback's start stands.
    ({ d, stats, ann } = page(`<div id="page">${terms}</div>`));
    choice = chooseStartNode(stats, ann, resolveOptions())!;
    expect(d.querySelector('#promo')!.contains(choice.start)).toBe(true);
    ({ d, stats, ann } = page(terms.replace('<div id="terms">', '<main><div id="terms">').replace(/<\/div>$/, '</div></main>')));
    choice = chooseStartNode(stats, ann, resolveOptions())!;
    expect(d.querySelector('#promo')!.contains(choice.start)).toBe(true);
  });

  it('lowers a start at <body> to the lowest region of the <h1> holding over half of the plain text', () => {
    // The post holds under 90 % of the text (a sidebar of events, a contact box in the
    // footer's place), so <body> is the only candidate; the post's region holds its title.
    const side = `<div id="events"><p>${prose(4, 5)}</p></div>`;
    const contact = `<div id="contact"><p>${prose(3, 7)}</p></div>`;
    const post = `<div id="wrap"><div id="story"><div id="head"><h1>Why tutoring has not worked</h1></div><div id="body"><p>${prose(8)}</p><p>${prose(8, 1)}</p></div></div>${side}</div>${contact}`;
    let { d, stats, ann } = setup(post);
    let choice = chooseStartNode(stats, ann, resolveOptions())!;
    expect(choice.candidates).toEqual([d.body]);
    expect(choice.start).toBe(d.querySelector('#story'));
    expect(choice.notes.join(' ')).toMatch(/lowered from <body> to the region of the page's <h1>/);
    const { kept } = pruneFromStart(choice.start, stats, ann, resolveOptions(), fakeLayout);
    expect(kept.has(d.querySelector('#events p')!)).toBe(false);
    // No region of the <h1> holds over half the text: pruning starts at <body>, as before.
    ({ d, stats, ann } = setup(`<div id="story"><h1>Why tutoring has not worked</h1><p>${prose(6)}</p></div><div id="other"><p>${prose(8, 5)}</p></div>`));
    choice = chooseStartNode(stats, ann, resolveOptions())!;
    expect(choice.candidates).toEqual([d.body]);
    expect(choice.start).toBe(d.body);
  });

  it('falls back to a lower θ_TD when no text node holds 90% of the text', () => {
    // Many links outside the two regions make <body> an anchor node by the link-share rule.
    const links = Array.from({ length: 30 }, (_, i) => `<a href="/${i}">l${i}</a>`).join(' ');
    const { d, stats, ann } = setup(`<div id="a"><p>${prose(10)}</p></div><div id="b"><p>${prose(8, 3)}</p></div><footer>${links}</footer>`);
    const choice = chooseStartNode(stats, ann, resolveOptions())!;
    expect(choice.notes.join(' ')).toMatch(/fell back to θ_TD=0.5/);
    expect(choice.candidates[0]).toBe(d.querySelector('#a p'));
  });

  it('prunes top-down: icons under 100 px go, photos stay, anchors stay only next to text', () => {
    const { d, stats, ann } = setup(`<div id="start"><div id="article">
      <p>${prose(10)}</p>
      <p>${prose(10, 4)} <a id="intext" href="/x">linked</a> text after.</p>
      <div class="media"><img id="icon" src="p.jpg" data-w="32"><img id="photo" src="p.jpg" data-w="480"></div>
      <div class="tags"><a href="/t1">tag one</a><a href="/t2">tag two</a></div>
    </div></div>`);
    const start = d.querySelector('#start')!;
    const { kept, trace } = pruneFromStart(start, stats, ann, resolveOptions(), fakeLayout);
    const isKept = (n: Node) => { for (let c: Node | null = n; c; c = c.parentNode) if (kept.has(c)) return true; return false; };
    expect(isKept(d.querySelector('#photo')!)).toBe(true);
    expect(isKept(d.querySelector('#icon')!)).toBe(false);
    expect(isKept(d.querySelector('#intext')!)).toBe(true);
    expect(isKept(d.querySelector('.tags a')!)).toBe(false);
    expect(trace.some((t) => t.reason === 'icon image 32px < 100px')).toBe(true);
  });

  it('an anchor looks past ignore siblings (an empty spacer, a discounted region) for adjacent text, but not past other anchors', () => {
    const { d, stats, ann } = setup(`<div id="s"><p>${prose(10)}</p><div class="spacer"><br></div><p id="after"><a href="/x">A link standing alone after the text</a></p>
      <ul id="list"><li><a href="/1">one</a></li><li><a href="/2">two</a></li></ul><p id="last"><a href="/y">A link after the list</a></p></div>`);
    expect(ann.types[stats.index.get(d.querySelector('.spacer')!)!]).toBe('ignore');
    const { kept } = pruneFromStart(d.querySelector('#s')!, stats, ann, resolveOptions(), fakeLayout);
    expect(kept.has(d.querySelector('#after')!)).toBe(true);
    expect(kept.has(d.querySelector('#last')!)).toBe(false);
  });

  it('descends an anchor node that holds much of the page’s plain text (a schedule with its readings linked), not one made of link text', () => {
    const row = (k: number) => `<tr><td>Sep ${k + 6}</td><td class="topic">${prose(1, k)}</td><td><a href="/n${k}">notes</a>, <a href="/s${k}">slides</a></td></tr>`;
    const { d, stats, ann } = setup(`<div id="content">
      <div id="intro"><h4>Course details</h4><p>${prose(4)}</p></div><hr>
      <div id="refs"><h4>Readings</h4><ul>${[0, 1, 2].map((k) => `<li>Author ${k}. <a href="/r${k}">A long linked title of a book to read, part ${k}</a></li>`).join('')}</ul></div><hr>
      <div id="lectures"><h4>Lectures</h4><table>${[0, 1, 2, 3, 4, 5].map(row).join('')}</table></div><hr>
      <div id="related"><a href="/c1">Another course of ours</a> <a href="/c2">And one more course</a></div>
    </div>`);
    const i = stats.index.get(d.querySelector('#lectures')!)!;
    // An anchor by its share of the page's links (12 of 17), with more plain text than link
    // text; the nearest sibling that is not ignore is the readings, an anchor, so no text beside it.
    expect(ann.types[i]).toBe('anchor');
    expect(stats.tc[i]! - stats.lc[i]!).toBeGreaterThan(stats.lc[i]!);
    expect(ann.types[stats.index.get(d.querySelector('#refs')!)!]).toBe('anchor');
    const { kept } = pruneFromStart(d.querySelector('#content')!, stats, ann, resolveOptions(), fakeLayout);
    const isKept = (n: Node) => { for (let c: Node | null = n; c; c = c.parentNode) if (kept.has(c)) return true; return false; };
    expect([...d.querySelectorAll('.topic')].every(isKept)).toBe(true);
    expect(isKept(d.querySelector('#lectures h4')!)).toBe(true);
    // Links that outweigh their text and stand beside no text are skipped whole (SPEC §1).
    expect(isKept(d.querySelector('#related a')!)).toBe(false);
  });

  it('a paragraph of prose with a link is kept on a page with few links, where each such paragraph is typed anchor', () => {
    const paragraphs = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => `<p>${prose(3, k)}</p>`).join('');
    const { d, stats, ann } = setup(`<div id="s">${paragraphs}
      <p id="one"><a href="/guide">A guide to the topic</a> ${prose(2, 3)}</p><p id="two">${prose(2, 5)} <a href="/more">the longer piece</a>, and more.</p>
      <div id="teaser"><a href="/next">The next piece in the series</a> ${prose(1, 7)}</div></div>`);
    // One link of three is a larger share of the page's links than two sentences are of its text.
    for (const sel of ['#one', '#two', '#teaser']) expect(ann.types[stats.index.get(d.querySelector(sel)!)!], sel).toBe('anchor');
    const { kept } = pruneFromStart(d.querySelector('#s')!, stats, ann, resolveOptions(), fakeLayout);
    const isKept = (n: Node) => { for (let c: Node | null = n; c; c = c.parentNode) if (kept.has(c)) return true; return false; };
    // #two stands between #one and the box, both typed anchor: no text beside it, it was skipped whole.
    for (const sel of ['#one', '#two']) {
      expect([...d.querySelector(sel)!.childNodes].every(isKept), sel).toBe(true);
    }
    // A box that is not a paragraph is still judged whole (SPEC §1): beside no text, skipped.
    expect(isKept(d.querySelector('#teaser a')!)).toBe(false);
  });

  it('uses the θ_DoC and icon-width options', () => {
    const { d, stats, ann } = setup(`<div id="s"><p>${prose(5)}</p><img id="i" src="a.jpg" data-w="60"></div>`);
    const opts = resolveOptions({ minImageWidth: 50 });
    const { kept } = pruneFromStart(d.querySelector('#s')!, stats, ann, opts, fakeLayout);
    expect(kept.has(d.querySelector('#i')!)).toBe(true);
  });

  it('hasLetterOrDigit agrees with the Unicode letter-or-digit regex (its ASCII shortcut included)', () => {
    const samples = ['', ' ', ', ', ' (', '—', ' – ', '·', '!?', 'a', ' 7 ', '_', 'é', ' ж,', '中', '¾', '٣', '\u00a0', '\u2003|', '\ud83d\ude00', '\ud835\udc00', '\u0300', '\uffff', 'x\u0080'];
    for (const s of samples) expect(hasLetterOrDigit(s), JSON.stringify(s)).toBe(/[\p{L}\p{N}]/u.test(s));
  });
});
