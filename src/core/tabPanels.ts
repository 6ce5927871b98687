import { collapse } from './records/domIndex';
import { TAB_LABEL_MAX_CHARS } from './rules';

/**
 * The label of a tab panel (`role="tabpanel"`): the text of the tab that names it, by the
 * panel's `aria-labelledby` or the tab's `aria-controls`, else the panel's own `aria-label`;
 * null when there is none, it is longer than rules.TAB_LABEL_MAX_CHARS (not a tab's name) or
 * `isWritten(tab)` says the clip holds the tab already. The clip opens every panel (layout.ts
 * reads the hidden ones as open), and a tab is a control the clip leaves out: without its
 * label, a documentation page's install steps for Windows, macOS and Linux read as one list
 * of steps after another.
 */
export function tabLabel(panel: Element, isWritten: (tab: Element) => boolean): string | null {
  const doc = panel.ownerDocument;
  let tab: Element | null = null;
  const labelledBy = panel.getAttribute('aria-labelledby');
  if (labelledBy) tab = doc.getElementById(labelledBy.trim().split(/\s+/)[0]!);
  const id = panel.id;
  if (tab === null && id) {
    const tabs = doc.querySelectorAll('[role="tab"][aria-controls]');
    for (let k = 0; k < tabs.length && tab === null; k++) {
      if (tabs[k]!.getAttribute('aria-controls')!.trim().split(/\s+/).includes(id)) tab = tabs[k]!;
    }
  }
  if (tab !== null && isWritten(tab)) return null;
  const label = collapse(tab?.textContent || tab?.getAttribute('aria-label') || panel.getAttribute('aria-label') || '');
  return label !== '' && label.length <= TAB_LABEL_MAX_CHARS ? label : null;
}

/**
 * Whether a `role="tablist"` is a row of tabs, which the clip leaves out like any control:
 * one that holds a tab (`role="tab"`) and no tab panel. The older ARIA accordion (Bootstrap
 * 4's collapse cards) puts its headers *and* their panels in one `role="tablist"`: that one
 * holds the content, a podcast's transcript under its "Podcast Transcript" header. A list of
 * links marked `tablist` without tabs says nothing of panels to name (mozilla.org's feature
 * list over sections with headings of their own): it is judged as any list is.
 */
export function isTabRow(list: Element): boolean {
  return list.querySelector('[role="tab"]') !== null && list.querySelector('[role="tabpanel"]') === null;
}
