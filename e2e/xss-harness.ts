/**
 * Reusable XSS harness (reader, exported HTML, and — for engineer C — the popup preview).
 *
 * Use it the way DOMPurify's own suite does (../shared/security-data/README.md):
 * 1. `context.addInitScript(installXssDetector)` before any page loads: stubs alert/confirm/
 *    prompt/print and records calls, and records `securitypolicyviolation` events.
 * 2. Render each payload where clip HTML goes, then `readXssHits(page)` (something ran?)
 *    and `page.evaluate(findExecutableMarkup, {selector})` (anything executable left?).
 * 3. Keep the positive control (`rawInnerHtmlControl`): the same payloads through raw
 *    innerHTML in a scratch page must trip the detector, or the harness proves nothing.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';

export interface XssFixture {
  title?: string;
  payload: string;
  expected?: unknown;
}

/** DOMPurify's 223 fixtures (path overridable with SIFT_XSS_CORPUS for other corpora). */
export async function loadXssCorpus(): Promise<XssFixture[]> {
  const file = process.env.SIFT_XSS_CORPUS ?? resolve(process.cwd(), '../shared/security-data/dompurify-expect.mjs');
  const mod = (await import(pathToFileURL(file).href)) as { default: XssFixture[] };
  return mod.default.filter((f) => typeof f.payload === 'string');
}

/** Runs in every page before its own scripts (Playwright init script). */
export function installXssDetector(): void {
  const w = window as unknown as { __xss: { calls: string[]; csp: string[] } };
  w.__xss = { calls: [], csp: [] };
  for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
    Object.defineProperty(window, name, {
      configurable: false,
      value: (...args: unknown[]) => { w.__xss.calls.push(`${name}(${args.map(String).join(',')})`); return null; },
    });
  }
  document.addEventListener('securitypolicyviolation', (e) => {
    w.__xss.csp.push(`${e.violatedDirective} ${e.blockedURI}`);
  });
}

export async function readXssHits(page: Page): Promise<{ calls: string[]; csp: string[] }> {
  return page.evaluate(() => (window as unknown as { __xss?: { calls: string[]; csp: string[] } }).__xss ?? { calls: ['detector missing'], csp: [] });
}

export async function resetXssHits(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __xss?: { calls: string[]; csp: string[] } };
    if (w.__xss) { w.__xss.calls.length = 0; w.__xss.csp.length = 0; }
  });
}

/**
 * Structural check inside the page: every problem that would let markup execute or load
 * something. Allowed URL schemes: http(s), mailto, blob, relative; data: only for <img src>
 * when `allowDataImages` (the exported HTML inlines its images).
 */
export function findExecutableMarkup(arg: { selector: string; allowDataImages?: boolean }): string[] {
  // Called through the prototype: a payload such as <img name="querySelector"> clobbers document's own.
  const root = Document.prototype.querySelector.call(document, arg.selector);
  if (!root) return [`no element matches ${arg.selector}`];
  const problems: string[] = [];
  const FORBIDDEN = new Set(['SCRIPT', 'IFRAME', 'FRAME', 'FRAMESET', 'OBJECT', 'EMBED', 'BASE', 'META', 'FORM', 'LINK', 'STYLE', 'TEMPLATE', 'SVG', 'MATH', 'APPLET', 'PORTAL', 'NOSCRIPT', 'INPUT', 'BUTTON', 'TEXTAREA', 'SELECT']);
  const URL_ATTRS = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'data', 'srcset', 'ping', 'lowsrc', 'dynsrc', 'codebase', 'cite', 'longdesc', 'usemap', 'manifest', 'itemtype']);
  const SAFE = /^(?:https?:|mailto:|blob:)/i;
  // Every DOM access goes through the prototypes: <form><input name="nodeName"> and the
  // like clobber properties on the very elements we inspect.
  const nodeName = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName')!.get!;
  const shadow = Object.getOwnPropertyDescriptor(Element.prototype, 'shadowRoot')!.get!;
  const names = Element.prototype.getAttributeNames;
  const get = Element.prototype.getAttribute;
  const all = [root, ...Array.from(Element.prototype.querySelectorAll.call(root, '*'))];
  for (const el of all) {
    const tag = String(nodeName.call(el)).toUpperCase();
    const lower = tag.toLowerCase();
    if (el !== root && FORBIDDEN.has(tag)) problems.push(`<${lower}>`);
    if (shadow.call(el)) problems.push(`shadow root on <${lower}>`);
    for (const rawName of names.call(el)) {
      const name = rawName.toLowerCase();
      const raw = get.call(el, rawName) ?? '';
      // Strip what browsers ignore inside URLs (controls, whitespace) before reading the scheme.
      // eslint-disable-next-line no-control-regex
      const value = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
      if (name.startsWith('on')) problems.push(`${name} on <${lower}>`);
      if (name === 'style' && /url\s*\(|expression|javascript/i.test(raw)) problems.push(`style with ${raw.slice(0, 40)}`);
      if (URL_ATTRS.has(name) && value) {
        const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(value);
        const dataImage = arg.allowDataImages && name === 'src' && tag === 'IMG' && /^data:image\/(png|jpeg|gif|webp);base64,/i.test(value);
        if (hasScheme && !SAFE.test(value) && !dataImage) problems.push(`${name}="${raw.slice(0, 60)}" on <${lower}>`);
      }
    }
  }
  return problems;
}

/** The positive control: raw innerHTML of each payload into a scratch element, no sanitizer. */
export async function rawInnerHtmlControl(page: Page, payloads: string[]): Promise<{ fired: number; structural: number }> {
  let fired = 0;
  let structural = 0;
  for (const payload of payloads) {
    await resetXssHits(page);
    await page.evaluate((html) => {
      // Kept from the first call: payloads clobber document.getElementById and friends.
      const w = window as unknown as { __host?: Element };
      w.__host ??= Document.prototype.getElementById.call(document, 'host')!;
      w.__host.replaceChildren();
      w.__host.innerHTML = html;
    }, payload);
    await page.waitForTimeout(30);
    const hits = await readXssHits(page);
    if (hits.calls.length > 0) fired++;
    if ((await page.evaluate(findExecutableMarkup, { selector: '#host' })).length > 0) structural++;
  }
  return { fired, structural };
}
