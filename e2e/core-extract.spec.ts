import { expect, test, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { buildCore, CORE_IIFE_PATH } from '../scripts/build-core';

/**
 * The extraction core in real headless Chromium: the rendered width decides the 100 px icon
 * rule, and the live page is never mutated. The IIFE is the file the benchmark and the CLI
 * inject (build/sift-core.iife.js; `npm run test:e2e` builds it first).
 */
let core = '';
test.beforeAll(async () => {
  if (!existsSync(CORE_IIFE_PATH)) await buildCore();
  core = readFileSync(CORE_IIFE_PATH, 'utf8');
});

const ORIGIN = 'http://sift.test';
/** One 600×600 image file; the page shows it at two sizes. */
const SQUARE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600"><rect width="600" height="600" fill="#2a6"/><circle cx="300" cy="300" r="200" fill="#fd4"/></svg>';

const paragraph = (n: number): string =>
  Array.from({ length: n }, (_, i) => `Sentence ${i} of the article tells the reader something about harbours, lanterns and the winter tide.`).join(' ');

async function open(page: Page, body: string, head = ''): Promise<void> {
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = route.request().url();
    if (url.endsWith('/square.svg')) return route.fulfill({ contentType: 'image/svg+xml', body: SQUARE_SVG });
    return route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><title>Harbour story | Test Site</title>${head}</head><body>${body}</body></html>` });
  });
  await page.goto(`${ORIGIN}/story.html`);
  await page.evaluate(core);
}

type ClipLike = { html: string; text: string; trace: { nodes: { reason?: string }[] } };
const extract = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { Sift: { extract(d: Document): unknown } }).Sift.extract(document)) as Promise<ClipLike | null>;

test('the same 600×600 file shown at 480 px and at 32 px: only the photo is kept', async ({ page }) => {
  await open(page, `
    <article>
      <h1>Harbour story</h1>
      <div class="share"><a href="/share"><img class="icon" src="/square.svg" style="width:32px;height:32px" alt="share"></a></div>
      <p>${paragraph(6)}</p>
      <figure><img class="photo" src="/square.svg" style="width:480px;height:480px" alt="photo"><figcaption>The harbour at dusk.</figcaption></figure>
      <p>${paragraph(6)} <img class="inline-icon" src="/square.svg" style="width:32px" alt="inline icon"></p>
    </article>`);
  await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete));
  const clip = await extract(page);
  expect(clip).not.toBeNull();
  const imgs = clip!.html.match(/<img [^>]*>/g) ?? [];
  expect(imgs).toEqual([`<img src="${ORIGIN}/square.svg" alt="photo" width="480" height="480">`]);
  expect(clip!.text).toContain('The harbour at dusk.');
});

test('the page serialization is identical before and after extraction', async ({ page }) => {
  await open(page, `
    <nav>${['Home', 'News', 'Sport', 'Weather'].map((s) => `<a href="/${s}">${s}</a>`).join(' | ')}</nav>
    <main><article><h1>Harbour story</h1><p class="lead" data-x="1">${paragraph(8)} <a href="/more">more</a></p>
    <p hidden>${paragraph(2)}</p><img src="/square.svg" style="width:300px"><p>${paragraph(8)}</p></article></main>
    <footer>${['About', 'Privacy', 'Terms'].map((s) => `<a href="/${s}">${s}</a>`).join(' ')}</footer>`);
  const serialize = () => page.evaluate(() => new XMLSerializer().serializeToString(document));
  const before = await serialize();
  const clip = await extract(page);
  expect(clip).not.toBeNull();
  expect(clip!.text).toContain('Sentence 7');
  expect(clip!.text).not.toContain('Privacy');
  expect(await serialize()).toBe(before);
});

test('text hidden by CSS or the hidden attribute is not clipped; lazy images resolve to their real source', async ({ page }) => {
  await open(page, `<style>.gone{display:none}.invisible{visibility:hidden}</style>
    <article><p>${paragraph(8)}</p><p class="gone">HIDDEN-BY-CLASS</p><p class="invisible">INVISIBLE-TEXT</p>
    <p>Cite this <span hidden>HIDDEN-SPAN</span>page.</p>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/square.svg" width="640" height="400" loading="lazy"><p>${paragraph(8)}</p></article>`);
  const clip = await extract(page);
  expect(clip!.text).not.toContain('HIDDEN-BY-CLASS');
  expect(clip!.text).not.toContain('INVISIBLE-TEXT');
  // The browser's own stylesheet hides [hidden], on a bare inline element too.
  expect(clip!.text).not.toContain('HIDDEN-SPAN');
  expect(clip!.text).toContain('Cite this page.');
  expect(clip!.html).toContain(`src="${ORIGIN}/square.svg"`);
});

test('what a display:contents wrapper holds is clipped; what sits under display:none is not', async ({ page }) => {
  await open(page, `<style>.flat{display:contents}.gone{display:none}.invisible{visibility:hidden}</style>
    <article><p>${paragraph(8)}</p>
    <div class="flat"><p>CONTENTS-CHILD-TEXT ${paragraph(3)}</p></div>
    <section class="flat"><p>FIRST-OF-SECTION</p><div class="gone">GONE-INSIDE</div></section>
    <div class="flat"><style>.x{color:red}</style><div class="flat"><p>NESTED-CONTENTS-TEXT</p></div></div>
    <div class="gone"><p>UNDER-NONE</p><div class="flat"><p>CONTENTS-UNDER-NONE</p></div></div>
    <div class="invisible"><p>INVISIBLE-CHILD</p></div>
    <p>${paragraph(6)}</p></article>`);
  const clip = await extract(page);
  expect(clip).not.toBeNull();
  expect(clip!.text).toContain('CONTENTS-CHILD-TEXT');
  expect(clip!.text).toContain('FIRST-OF-SECTION');
  expect(clip!.text).toContain('NESTED-CONTENTS-TEXT');
  for (const gone of ['GONE-INSIDE', 'UNDER-NONE', 'CONTENTS-UNDER-NONE', 'INVISIBLE-CHILD']) expect(clip!.text).not.toContain(gone);
});

test('answers folded in closed <details> are clipped; what their styles hide, a hidden <details> and a folded menu stay out', async ({ page }) => {
  const faq = (q: string, a: string, attrs = '') => `<details${attrs}><summary>${q}</summary><p>${a}</p></details>`;
  await open(page, `<style>.gone{display:none}.invisible{visibility:hidden}</style>
    <article><h1>Harbour story</h1><p>${paragraph(8)}</p><h2>Questions</h2>
    ${faq('When does the tide turn?', 'FOLDED-ANSWER-ONE: twice a day, an hour later each day.')}
    ${faq('Are lanterns lit at dusk?', 'FOLDED-ANSWER-TWO: from the first of October. <span class="gone">GONE-IN-ANSWER</span>')}
    <details><summary>Open already</summary><p class="invisible">INVISIBLE-IN-ANSWER</p><p>OPEN-ANSWER</p></details>
    ${faq('Nested?', `OUTER-ANSWER ${faq('Inner?', 'INNER-ANSWER')}`)}
    ${faq('Hidden question', 'HIDDEN-DETAILS-ANSWER', ' class="gone"')}
    <details><summary>Summary <span class="gone">GONE-IN-SUMMARY</span></summary><div class="gone">GONE-BLOCK</div></details>
    <details><summary>Harbour guides</summary><div role="group"><a href="/guides/tides">MENU-LINK tide tables for the whole year</a></div></details>
    <p>${paragraph(6)}</p></article>`);
  const clip = await extract(page);
  expect(clip).not.toBeNull();
  for (const kept of ['FOLDED-ANSWER-ONE', 'FOLDED-ANSWER-TWO', 'OPEN-ANSWER', 'OUTER-ANSWER', 'INNER-ANSWER', 'Inner?', 'When does the tide turn?']) expect(clip!.text).toContain(kept);
  for (const gone of ['GONE-IN-ANSWER', 'INVISIBLE-IN-ANSWER', 'HIDDEN-DETAILS-ANSWER', 'GONE-IN-SUMMARY', 'GONE-BLOCK', 'MENU-LINK']) expect(clip!.text).not.toContain(gone);
  // Written open: the reader shows the answers the clip counts.
  expect(clip!.html).toContain('<details open><summary>When does the tide turn?</summary><p>FOLDED-ANSWER-ONE');
});

test('words the page draws apart stay apart where the markup has no space; a drop cap, a superscript and bold letters stay in their word', async ({ page }) => {
  await open(page, `<style>.line{display:block}.row{display:flex;gap:12px}.cap{float:left;font-size:3em;line-height:1}</style>
    <article><h1>Harbour story</h1><p>${paragraph(6)}</p>
    <p>Written by <a href="/people/ada">Ada Lantern</a><time class="line">Updated 4 March</time></p>
    <p class="row"><span>Tide</span><span>Moon</span><span>Wind</span></p>
    <p><span class="cap">T</span><span>here was a keeper, noted<sup>2</sup>, with <b>lamp</b>s lit.</span></p>
    <p>${paragraph(6)}</p></article>`);
  const clip = await extract(page);
  expect(clip).not.toBeNull();
  expect(clip!.text).toContain('Written by Ada Lantern Updated 4 March');
  expect(clip!.text).toContain('Tide Moon Wind');
  expect(clip!.text).toContain('There was a keeper, noted2, with lamps lit.');
  expect(clip!.html).toContain('<a href="http://sift.test/people/ada">Ada Lantern</a> <time>Updated 4 March</time>');
});

test('sections an accordion or a disclosure button folds away are clipped; menus, popups, a banner, hidden toggles and plain hidden text stay out', async ({ page }) => {
  const fold = (id: string, text: string) => `<div class="fold" id="${id}"><p>${text} ${paragraph(2)}</p></div>`;
  await open(page, `<style>.fold{display:none}.gone{display:none}.invisible{visibility:hidden}.mobile{display:none}.faq-q,.card{cursor:pointer}</style>
    <article><h1>Harbour story</h1><p>${paragraph(8)}</p>
    <h2>Findings</h2><div><div style="position:relative"><style>.x{}</style><div role="button" tabindex="0"><h4><style>${'.more-header{color:#4f4b4b;font-weight:500}'.repeat(4)}</style>More</h4></div></div></div><style>.y{}</style>
    <div class="fold"><p>ACCORDION-SECTION ${paragraph(2)} <span class="gone">GONE-IN-SECTION</span> <span class="invisible">INVISIBLE-IN-SECTION</span></p><div class="inner"><p>NESTED-IN-SECTION</p></div></div>
    <p>${paragraph(3)}</p>
    <h3><button type="button" aria-expanded="false" aria-controls="method">Show the method</button></h3>
    <section id="method" hidden><p>CONTROLLED-SECTION ${paragraph(2)}</p></section>
    <div class="item-toggle" tabindex="0"><h3>What is a lantern permit?</h3><i class="icon"></i></div><div class="fold"><p>FOCUSABLE-HEADER-SECTION ${paragraph(2)}</p></div>
    <div class="faq-q"><h3>Is the harbour open at night?</h3><i class="icon"></i></div><div class="fold"><p>CLICK-TARGET-SECTION ${paragraph(2)}</p></div>
    <div class="card"><div class="card-title">Harbour tours</div><div class="fold"><p>INSIDE-CLICKABLE-CARD ${paragraph(2)}</p></div></div>
    <div tabindex="0" role="region" aria-label="Cookie banner"><p>${paragraph(2)}</p></div>${fold('settings', 'COOKIE-SETTINGS')}
    <button type="button" aria-expanded="false" aria-haspopup="menu" aria-controls="menu">Options</button>${fold('menu', 'POPUP-MENU')}
    <button type="button" class="mobile">Open</button>${fold('m', 'MOBILE-ONLY-TOGGLE')}
    <button type="button">Save</button><div class="fold" popover="manual">TOOLTIP-TEXT ${paragraph(1)}</div>
    <button type="button">Guides</button><div class="fold"><a href="/a">LINK-MENU tide tables for the whole year</a> <a href="/b">lantern maps</a></div>
    <p>${paragraph(3)}</p>${fold('p', 'PLAIN-HIDDEN')}
    <p>${paragraph(6)}</p></article>`);
  const clip = await extract(page);
  expect(clip).not.toBeNull();
  for (const kept of ['ACCORDION-SECTION', 'NESTED-IN-SECTION', 'CONTROLLED-SECTION', 'FOCUSABLE-HEADER-SECTION', 'CLICK-TARGET-SECTION']) expect(clip!.text).toContain(kept);
  // Inside a card that is clickable as a whole, each part inherits the pointer: no part is a toggle.
  for (const gone of ['GONE-IN-SECTION', 'INVISIBLE-IN-SECTION', 'COOKIE-SETTINGS', 'POPUP-MENU', 'MOBILE-ONLY-TOGGLE', 'TOOLTIP-TEXT', 'LINK-MENU', 'PLAIN-HIDDEN', 'INSIDE-CLICKABLE-CARD']) expect(clip!.text).not.toContain(gone);
});

test('the panels behind a page\'s other tabs are clipped, each under its tab\'s name; a tab panel of links, or one inside a hidden block, stays out', async ({ page }) => {
  // Tabs are buttons, or links to their panels (Microsoft Learn).
  const tab = (id: string, label: string, selected: boolean) => selected
    ? `<button type="button" role="tab" id="tab-${id}" aria-controls="${id}" aria-selected="true">${label}</button>`
    : `<a href="#${id}" role="tab" id="tab-${id}" aria-controls="${id}" aria-selected="false" tabindex="-1">${label}</a>`;
  await open(page, `<style>.mobile-only{display:none}</style><article><h1>Installing the lantern tools</h1><p>${paragraph(8)}</p>
    <div class="tabs"><div role="tablist">${tab('win', 'Windows', true)}${tab('mac', 'macOS', false)}${tab('more', 'More', false)}</div>
    <section id="win" role="tabpanel" aria-labelledby="tab-win"><p>TAB-SHOWN ${paragraph(2)}</p></section>
    <section id="mac" role="tabpanel" aria-labelledby="tab-mac" hidden><p>TAB-BEHIND ${paragraph(2)}</p></section>
    <section id="more" role="tabpanel" aria-labelledby="tab-more" hidden><a href="/a">LINK-TAB tide tables for the whole year</a> <a href="/b">lantern maps</a></section></div>
    <div class="mobile-only"><section role="tabpanel"><p>TAB-IN-HIDDEN-BLOCK ${paragraph(2)}</p></section></div>
    <p>${paragraph(6)}</p>
    <div role="tablist"><div role="tab" id="head-t"><h5><a href="#body-t" aria-controls="body-t">Podcast Transcript</a></h5></div>
    <div id="body-t" role="tabpanel" aria-labelledby="head-t" class="mobile-only"><p>TRANSCRIPT-IN-TABLIST ${paragraph(3)}</p></div></div></article>`);
  const clip = await extract(page);
  expect(clip).not.toBeNull();
  for (const kept of ['TAB-SHOWN', 'TAB-BEHIND']) expect(clip!.text).toContain(kept);
  for (const gone of ['LINK-TAB', 'TAB-IN-HIDDEN-BLOCK']) expect(clip!.text).not.toContain(gone);
  // Each panel opens with its tab's name; the row of tabs, a control, is not written.
  expect(clip!.html).toContain('<p><strong>Windows</strong></p><p>TAB-SHOWN');
  expect(clip!.html).toContain('<p><strong>macOS</strong></p><p>TAB-BEHIND');
  expect(clip!.text).not.toContain('More');
  for (const name of [/Windows/g, /macOS/g]) expect(clip!.text.match(name)).toHaveLength(1);
  // An older ARIA accordion puts its headers and their panels in one tablist: the content, header once.
  expect(clip!.text).toContain('TRANSCRIPT-IN-TABLIST');
  expect(clip!.text.match(/Podcast Transcript/g)).toHaveLength(1);
});

test('line numbers a code viewer draws unselectable beside its lines are not part of the code', async ({ page }) => {
  const line = (n: number, code: string) => `<div class="row"><span class="gutter">${n}</span><div class="code">${code}</div></div>`;
  await open(page, `<style>.gutter{user-select:none;opacity:.5;padding-right:1ch}.row{display:block}</style>
    <article><p>${paragraph(8)}</p><pre>${line(1, 'import os')}${line(2, 'total = 42')}</pre>
    <pre><span>100</span> items</pre><p>${paragraph(8)}</p></article>`);
  const clip = await extract(page);
  expect(clip!.html).toContain('import os');
  expect(clip!.html).toContain('<pre>import os\ntotal = 42</pre>');
  // A number the reader can select is content.
  expect(clip!.html).toContain('<pre>100 items</pre>');
});

test('a page whose stylesheet hides <body> until scripts run (AMP, loaders) is still clipped; what it hides inside stays out', async ({ page }) => {
  // AMP's boilerplate CSS: body is visibility:hidden until the AMP runtime (never loaded here) shows it.
  await open(page, `<article><h1>Harbour story</h1><p>${paragraph(8)}</p><p style="display:none">HIDDEN-INSIDE</p><p>${paragraph(6)}</p></article>`,
    '<style>body{visibility:hidden}</style>');
  const clip = await extract(page);
  expect(clip).not.toBeNull();
  expect(clip!.text).toContain('Sentence 7 of the article');
  expect(clip!.text).not.toContain('HIDDEN-INSIDE');
});

test('content hidden by a stylesheet until scripts reveal it is clipped when nothing readable is rendered', async ({ page }) => {
  await open(page, `<div class="js-app"><article><h1>Harbour story</h1><p>${paragraph(8)}</p><p hidden>HIDDEN-ATTRIBUTE</p></article></div>`,
    '<style>.js-app{display:none}</style>');
  const result = await page.evaluate(() => (globalThis as unknown as { Sift: { extractResult(d: Document): { ok: boolean; clip?: { text: string; trace: { notes: string[] } } } } }).Sift.extractResult(document));
  expect(result.ok).toBe(true);
  expect(result.clip!.text).toContain('Sentence 7 of the article');
  expect(result.clip!.text).not.toContain('HIDDEN-ATTRIBUTE');
  expect(result.clip!.trace.notes.join(' ')).toContain('visibility judged by the markup alone');
});

test('a page that renders no text at all is still refused as empty', async ({ page }) => {
  await open(page, '<div style="display:none"></div><img src="/nothing.png" width="1" height="1">');
  const result = await page.evaluate(() => (globalThis as unknown as { Sift: { extractResult(d: Document): { ok: boolean; reason?: string } } }).Sift.extractResult(document));
  expect(result).toMatchObject({ ok: false });
});

test('a page over the size limit is refused quickly with a reason', async ({ page }) => {
  await open(page, '<div id="root"></div>');
  const out = await page.evaluate(() => {
    const root = document.getElementById('root')!;
    const frag = document.createDocumentFragment();
    for (let i = 0; i < 450_000; i++) frag.appendChild(document.createElement('span'));
    root.appendChild(frag);
    const sift = (globalThis as unknown as { Sift: { extractResult(d: Document): { ok: boolean; reason?: string; message?: string } } }).Sift;
    const t0 = performance.now();
    const r = sift.extractResult(document);
    return { r, ms: performance.now() - t0 };
  });
  expect(out.r).toMatchObject({ ok: false, reason: 'too-large' });
  expect(out.r.message).toMatch(/too large/);
  expect(out.ms).toBeLessThan(500);
});

test('a 5,000-deep page is clipped (no recursion)', async ({ page }) => {
  await open(page, '<div id="root"></div>');
  const text = await page.evaluate((p) => {
    let parent: Element = document.getElementById('root')!;
    for (let i = 0; i < 5000; i++) { const d = document.createElement('div'); parent.appendChild(d); parent = d; }
    const para = document.createElement('p');
    para.textContent = p;
    parent.appendChild(para);
    const sift = (globalThis as unknown as { Sift: { extract(d: Document): { text: string } | null } }).Sift;
    return sift.extract(document)?.text ?? null;
  }, paragraph(10));
  expect(text).toBe(paragraph(10));
});
