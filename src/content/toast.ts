import type { ToastRequest } from '../shared/messages';

/**
 * The in-page confirmation after a save from the context menu or the keyboard shortcut
 * (there is no popup to show it). It lives in a closed shadow root so the page's CSS
 * cannot restyle it and the page's scripts cannot reach into it; all text is set with
 * textContent. The host element itself is in the page, where rules such as `div { display:
 * none !important }` or `body > *:last-child { opacity: 0 }` reached it: its own `:host`
 * rules are !important, which beats the page's !important (the shadow tree's important
 * rules win over the page's). It is fixed in place, so it never takes room in the page's
 * layout (a flex body's gap), and sits under <html>, not <body>: a body with `contain:
 * paint` or a transform would hold a fixed child at the body's own bottom, off screen.
 */
const HOST_ID = 'sift-toast-host';
const VISIBLE_MS = 6_000;

const CSS = `
:host { all: initial !important; display: block !important; position: fixed !important;
  right: 16px !important; bottom: 16px !important; z-index: 2147483647 !important; }
.toast { max-width: 360px; display: flex; gap: 12px; align-items: center; padding: 12px 14px; border-radius: 10px;
  background: #1d2433; color: #f5f7fb; font: 14px/1.4 system-ui, sans-serif;
  box-shadow: 0 8px 28px rgba(0,0,0,.28); }
.text { flex: 1; min-width: 0; }
.title { display: block; color: #b9c3d6; font-size: 12px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.warn { display: block; color: #ffcf70; font-size: 12px; margin-top: 2px; }
.progress { display: block; color: #b9c3d6; font-size: 12px; margin-top: 2px; }
button { font: inherit; cursor: pointer; border: 0; border-radius: 6px; padding: 6px 10px; }
/* Sift's accent in its dark theme (popup.css): white on the former #4f8cff was 3.2:1. */
.open { background: #2bb3a4; color: #062421; font-weight: 600; }
.close { background: transparent; color: #b9c3d6; padding: 4px 6px; }
`;

/**
 * What the toast says: the clip being saved (its images counted as they arrive: a page of
 * slow images took 12 s and more with nothing on screen, and a user pressed again), the clip
 * saved (with "Open in reader"), or a save that failed, which stays until dismissed (an
 * alert: a message that vanished after 6 s would leave the user believing the page was kept).
 * As the background asks for it (messages.ts ToastRequest), but "saved" carries what Open in
 * reader does instead of the clip's id.
 */
export type ToastContent =
  | Exclude<ToastRequest, { kind: 'saved' }>
  | { kind: 'saved'; title: string; warning: string | null; onOpen: () => void };

/**
 * The toast on screen. Each state is written into the same box, so a screen reader announces
 * the change. `leaves`: whether this state goes by itself (saved) — but never while the
 * pointer is over the toast or the focus in it: a user reaching for "Open in reader" saw it
 * vanish under the pointer when the 6 s ran out (WCAG 2.2.1); it leaves 6 s after they go.
 */
interface Shown {
  host: HTMLElement;
  box: HTMLElement;
  timer: ReturnType<typeof setTimeout> | undefined;
  leaves: boolean;
  pointer: boolean;
  focus: boolean;
}
let shown: Shown | null = null;

function schedule(toast: Shown): void {
  clearTimeout(toast.timer);
  toast.timer = toast.leaves && !toast.pointer && !toast.focus ? setTimeout(() => dismiss(toast.host), VISIBLE_MS) : undefined;
}

function toastBox(doc: Document): Shown {
  if (shown && shown.host.isConnected && shown.host.ownerDocument === doc) return shown;
  doc.getElementById(HOST_ID)?.remove();
  const host = doc.createElement('div');
  host.id = HOST_ID;
  const root = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = CSS;
  const box = doc.createElement('div');
  box.className = 'toast';
  root.append(style, box);
  doc.documentElement.append(host);
  const toast: Shown = { host, box, timer: undefined, leaves: false, pointer: false, focus: false };
  const hold = (key: 'pointer' | 'focus', on: boolean) => () => {
    toast[key] = on;
    schedule(toast);
  };
  host.addEventListener('mouseenter', hold('pointer', true));
  host.addEventListener('mouseleave', hold('pointer', false));
  host.addEventListener('focusin', hold('focus', true));
  host.addEventListener('focusout', hold('focus', false));
  shown = toast;
  return toast;
}

function dismiss(host: HTMLElement): void {
  host.remove();
  if (shown?.host === host) shown = null;
}

export function showToast(doc: Document, content: ToastContent): void {
  const current = toastBox(doc);
  const { host, box } = current;
  box.setAttribute('role', content.kind === 'failed' ? 'alert' : 'status');
  const text = doc.createElement('div');
  text.className = 'text';
  text.append(content.kind === 'failed' ? 'Sift could not save this page' : content.kind === 'saving' ? 'Saving to Sift…' : 'Saved to Sift');
  const line = (className: string, words: string) => {
    const span = doc.createElement('span');
    span.className = className;
    span.textContent = words;
    text.append(span);
  };
  if (content.title) line('title', content.title);
  if (content.kind === 'saving' && content.imagesTotal > 0) line('progress', `Images: ${content.imagesDone} of ${content.imagesTotal}`);
  const note = content.kind === 'failed' ? content.message : content.kind === 'saved' ? content.warning : null;
  if (note) line('warn', note);
  const controls: HTMLElement[] = [];
  if (content.kind === 'saved') {
    const open = doc.createElement('button');
    open.className = 'open';
    open.textContent = 'Open in reader';
    open.addEventListener('click', () => {
      content.onOpen();
      dismiss(host);
    });
    controls.push(open);
  }
  const close = doc.createElement('button');
  close.className = 'close';
  close.textContent = '✕';
  close.setAttribute('aria-label', 'Dismiss');
  close.addEventListener('click', () => dismiss(host));
  controls.push(close);
  box.replaceChildren(text, ...controls);
  current.leaves = content.kind === 'saved';
  schedule(current);
}
