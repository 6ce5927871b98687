import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { findLinkBlocks, isDescribedList } from './linkBlocks';
import { resolveOptions } from './options';
import { computeStats } from './stats';
import { fakeLayout, prose } from './testPage';

function blocksOf(body: string, opts = {}) {
  const d = new JSDOM(`<!doctype html><html><body>${body}</body></html>`).window.document;
  const stats = computeStats(d, fakeLayout)!;
  return { d, result: findLinkBlocks(stats, resolveOptions(opts)) };
}
const texts = (els: Element[]) => els.map((e) => e.textContent);

describe('logical link blocks (SPEC §2)', () => {
  it('finds nav, related list and share bar as blocks; isolated in-text links are not', () => {
    const { result } = blocksOf(`
      <nav><a href="/">Home</a> | <a href="/w">World</a> | <a href="/s">Sport</a> | <a href="/c">Culture</a></nav>
      <p>${prose(6)} <a href="/in1">first in-text</a> ${prose(5, 1)} <a href="/in2">second in-text</a> ${prose(5, 2)}</p>
      <ul class="related"><li><a href="/r1">Related one</a></li><li><a href="/r2">Related two</a></li><li><a href="/r3">Related three</a></li></ul>
      <p>${prose(6, 3)}</p>
      <div class="share"><a href="/tw">Tweet</a><a href="/fb">Share</a><a href="/mail">Mail</a></div>`);
    expect(result.totalLinks).toBe(12);
    expect(result.blocks.map((b) => texts(b.links))).toEqual([
      ['Home', 'World', 'Sport', 'Culture'],
      ['Related one', 'Related two', 'Related three'],
      ['Tweet', 'Share', 'Mail'],
    ]);
    expect(result.lcr).toBeCloseTo(10 / 12, 5);
    expect(result.ccr).toBeGreaterThan(0);
    expect(result.ccr).toBeLessThan(1);
    expect(result.blocks.every((b) => b.isNoise)).toBe(true);
    // separators between the nav links belong to the block
    expect(result.blocks[0]!.gapNodes.map((n) => n.textContent!.trim())).toEqual(['|', '|', '|']);
  });

  it('finds an inline ad cluster inside a paragraph (blocks need not align with elements)', () => {
    const { result } = blocksOf(`<p>${prose(5)} Sponsored: <a href="/ad1">Flights</a>, <a href="/ad2">Hotels</a>, <a href="/ad3">Cars</a>. ${prose(5, 1)}</p>`);
    expect(result.blocks).toHaveLength(1);
    expect(texts(result.blocks[0]!.links)).toEqual(['Flights', 'Hotels', 'Cars']);
  });

  it('needs C_t links and distances under d_t; code distance is an option', () => {
    const two = blocksOf('<p><a href="/1">a</a> <a href="/2">b</a></p>');
    expect(two.result.blocks).toHaveLength(0);
    const spread = `<p><a href="/1">a</a> ${'word '.repeat(30)} <a href="/2">b</a> ${'word '.repeat(30)} <a href="/3">c</a></p>`;
    expect(blocksOf(spread).result.blocks).toHaveLength(1); // 30 words < d_t = 40
    expect(blocksOf(spread, { linkDistance: 'code' }).result.blocks).toHaveLength(0); // 150 chars ≥ 80
    expect(blocksOf(spread, { linkBlockTextDistance: 20 }).result.blocks).toHaveLength(0);
  });

  it('measures text distance between links only: the text inside a link never counts', () => {
    // Each link's text is 50 words (over d_t = 40); the gaps between the links are one word.
    const long = (k: number) => `<a href="/${k}">${'word '.repeat(50)}</a>`;
    const { result } = blocksOf(`<p>${long(1)} and ${long(2)} and ${long(3)}</p>`);
    expect(result.blocks).toHaveLength(1);
    expect(result.blocks[0]!.links).toHaveLength(3);
    expect(result.blocks[0]!.distances).toEqual([1, 1]);
  });

  it('prose dense with in-text links is a block but not noise (link density guard)', () => {
    const { result } = blocksOf(`<p>The <a href="/1">city</a> lies on the river near the <a href="/2">coast</a> and has an old <a href="/3">harbour</a> with many ships and long piers that reach far out into the bay.</p>`);
    expect(result.blocks).toHaveLength(1);
    expect(result.blocks[0]!.isNoise).toBe(false);
  });
});

describe('isDescribedList: the part of a block inside the content', () => {
  const menu = `<ul>${['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((t) => `<li><a href="/m/${t}">Menu entry ${t}</a></li>`).join('')}</ul>`;
  const entry = (name: string, gap: string) => `<dt><a href="/api/${name}">${name}()</a></dt><dd>${gap}</dd>`;
  const blockOf = (body: string) => {
    const { result } = blocksOf(body);
    expect(result.blocks).toHaveLength(1);
    const block = result.blocks[0]!;
    return { block, inside: block.links.map((a) => a.closest('dl') !== null) };
  };

  it('is a list whose links each have a sentence, judged without the menu', () => {
    const { block, inside } = blockOf(`${menu}<dl>${entry('close', 'Closes the connection to the server.')}${entry('send', 'Queues data to be sent to the server!')}${entry('ping', 'Pings.')}${entry('open', 'Opens the connection once more.')}${entry('abort', 'Aborts.')}</dl>`);
    expect(block.linkDensity).toBeGreaterThan(0.5);
    expect(isDescribedList(block, inside, 3)).toBe(true);
    // The whole block, menu included, is no described list.
    expect(isDescribedList(block, block.links.map(() => true), 3)).toBe(false);
  });

  it('needs as many described links as a block needs links (C_t)', () => {
    const { block, inside } = blockOf(`${menu}<dl>${entry('close', 'Closes the connection to the server.')}${entry('send', 'Queues data to be sent to the server!')}${entry('ping', 'Pings.')}</dl>`);
    expect(isDescribedList(block, inside, 2)).toBe(true);
    expect(isDescribedList(block, inside, 3)).toBe(false);
  });

  it('counts each CJK character as a word', () => {
    const { block, inside } = blockOf(`${menu}<dl>${['close', 'send', 'ping', 'open', 'abort'].map((n) => entry(n, '向服务器发送心跳。')).join('')}</dl>`);
    expect(isDescribedList(block, inside, 3)).toBe(true);
  });

  it('is not a list whose gaps hold prices, dates or names, however long', () => {
    const { block, inside } = blockOf(`${menu}<dl>${['a', 'b', 'c', 'd'].map((n, i) => entry(n, `149,00 € was 199,00 € In stock at Lille Roubaix Tourcoing ${i}`)).join('')}</dl>`);
    expect(isDescribedList(block, inside, 3)).toBe(false);
  });

  it('is a list of references, each title a link, when nearly every gap holds a sentence', () => {
    const ref = (k: number) => `<li>Doe J, Roe R. <a href="/pubmed/${k}">Mindfulness based stress reduction for treating chronic headache in adults, a randomized trial number ${k}</a>. Journal of Pain. 2019;12(3):45-67.</li>`;
    // (In a <dl>: blockOf's content is what lies in one.)
    const { block, inside } = blockOf(`${menu}<dl><dd><ol>${[1, 2, 3, 4, 5].map(ref).join('')}</ol></dd></dl>`);
    expect(block.linkDensity).toBeGreaterThan(0.5);
    expect(isDescribedList(block, inside, 3)).toBe(true);
    // The same links with a sentence in only half the gaps stay a cluster.
    const half = (k: number) => `<li><a href="/pubmed/${k}">Mindfulness based stress reduction for treating chronic headache in adults, a randomized trial number ${k}</a> ${k % 2 ? 'Journal of Pain. 2019;12(3):45-67.' : '2019'}</li>`;
    const dense = blockOf(`${menu}<dl><dd><ol>${[1, 2, 3, 4, 5, 6, 7, 8].map(half).join('')}</ol></dd></dl>`);
    expect(isDescribedList(dense.block, dense.inside, 3)).toBe(false);
  });

  it('is not a list when links are most of its text, even with sentences', () => {
    const { block, inside } = blockOf(`${menu}<dl>${['alpha', 'beta', 'gamma', 'delta'].map((n) => entry(`${n}LongMemberNameThatGoesOnAndOn`, 'It is set.')).join('')}</dl>`);
    expect(isDescribedList(block, inside, 3)).toBe(false);
  });
});
