import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { isTabRow, tabLabel } from './tabPanels';

const doc = (body: string) => new JSDOM(`<!doctype html><html><body>${body}</body></html>`).window.document;
const never = () => false;

describe('tabLabel', () => {
  it('names a panel by the tab its aria-labelledby points to, or the tab whose aria-controls names it', () => {
    const d = doc(`<div role="tablist"><button role="tab" id="t1" aria-controls="p1">  Windows </button><a role="tab" href="#p2" aria-controls="x p2">mac<b>OS</b></a></div>
      <section id="p1" role="tabpanel" aria-labelledby="t1"></section><section id="p2" role="tabpanel" hidden></section>
      <div role="tabpanel" aria-label="Linux"></div><div role="tabpanel" id="p4"></div>`);
    const panels = d.querySelectorAll('[role="tabpanel"]');
    expect([...panels].map((p) => tabLabel(p, never))).toEqual(['Windows', 'macOS', 'Linux', null]);
  });

  it('no label when the clip writes the tab already, or when the tab\'s text is too long to be a name', () => {
    const d = doc(`<button role="tab" id="t1">Windows</button><section role="tabpanel" aria-labelledby="t1"></section>
      <button role="tab" id="t2">${'word '.repeat(20)}</button><section role="tabpanel" aria-labelledby="t2"></section>`);
    const [first, second] = [...d.querySelectorAll('[role="tabpanel"]')];
    expect(tabLabel(first!, (tab) => tab.id === 't1')).toBeNull();
    expect(tabLabel(second!, never)).toBeNull();
  });

  it('a row of tabs holds tabs and no panel; a tablist around its panels (an older ARIA accordion) or without tabs is no row', () => {
    const d = doc(`<div id="row" role="tablist"><button role="tab">Windows</button></div>
      <div id="accordion" role="tablist"><h5 role="tab">Podcast Transcript</h5><div role="tabpanel"><p>Text.</p></div></div>
      <ul id="links" role="tablist"><li><a href="#themes">Themes</a></li></ul>`);
    expect(['#row', '#accordion', '#links'].map((sel) => isTabRow(d.querySelector(sel)!))).toEqual([true, false, false]);
  });
});
