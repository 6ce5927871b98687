import { useLayoutEffect, useRef } from 'preact/hooks';

const KEYS: [string, string][] = [
  ['j / k', 'scroll down / up'], ['Space', 'next screen'], ['n / p', 'next / previous clip'],
  ['+ / −', 'text size'], ['[ / ]', 'line width'], ['t', 'cycle theme'], ['a', 'typography panel'],
  ['o', 'open the original'], ['l / Esc', 'back to the library'], ['?', 'this help'],
];

/** Classes on <html> while the dialog is open (reader.css): the page behind does not scroll. */
const BEHIND_MODAL = 'behind-modal';
const KEEP_GUTTER = 'keep-gutter';

/**
 * The keyboard cheat sheet (toggled with ?), a modal dialog: it opened without taking focus,
 * so a screen reader never said it was there, Tab went on through the page behind it, and
 * closing it dropped the focus on the page's body. Now (a native <dialog> shown modal) the
 * page behind is inert, the focus moves to Close, Tab stays inside, and on closing (Esc, ?,
 * Close or a click outside; the reader's key handler owns Esc and ?) the focus goes back to
 * the element that had it.
 */
export function Help({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const doc = el.ownerDocument;
    const opener = doc.activeElement;
    // The page behind a modal dialog holds still. Inert as it is, Chromium still scrolled it
    // with the browser's own keys (PageDown, the arrows, Home and End on Close; Space on the
    // dialog's text) and the wheel, and a dialog that scrolls handed its scroll on to the page
    // at its ends. The root stops scrolling while the dialog is open (the dialog, a scroll box
    // of its own, still scrolls), keeping the gutter of the scroll bar it hides so the column
    // does not move.
    const root = doc.documentElement;
    const scrollBar = (doc.defaultView?.innerWidth ?? 0) > root.clientWidth;
    root.classList.add(BEHIND_MODAL);
    root.classList.toggle(KEEP_GUTTER, scrollBar);
    // jsdom (unit tests) has no showModal: the dialog is then simply open.
    if (typeof el.showModal === 'function') el.showModal();
    else el.setAttribute('open', '');
    closeButton.current?.focus();
    return () => {
      root.classList.remove(BEHIND_MODAL, KEEP_GUTTER);
      // Runs while the dialog is still in the document (before Preact removes it).
      if (typeof el.close === 'function' && el.open) el.close();
      if (opener instanceof HTMLElement && opener !== el.ownerDocument.body && opener.isConnected) opener.focus({ preventScroll: true });
      else if (el.contains(el.ownerDocument.activeElement)) (el.ownerDocument.activeElement as HTMLElement).blur();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      class="help"
      aria-labelledby="help-title"
      // Esc reaches the reader's key handler first, which closes the help; this covers any other
      // close request (the browser's own), so the dialog never closes behind Preact's back.
      onCancel={(e) => { e.preventDefault(); onClose(); }}
      // A click on the backdrop (outside the dialog's box) closes it, as Esc does.
      onClick={(e) => {
        if (e.target !== e.currentTarget) return;
        const box = e.currentTarget.getBoundingClientRect();
        const inside = e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
        if (!inside) onClose();
      }}
      // The only control: Tab and Shift+Tab stay on it rather than leaving for the browser's own UI.
      onKeyDown={(e) => { if (e.key === 'Tab') { e.preventDefault(); closeButton.current?.focus(); } }}
    >
      <h2 id="help-title">Keyboard shortcuts</h2>
      <dl>{KEYS.map(([k, v]) => [<dt key={`k${k}`}><kbd>{k}</kbd></dt>, <dd key={`v${k}`}>{v}</dd>])}</dl>
      <button ref={closeButton} class="tb-btn" type="button" onClick={onClose}>Close</button>
    </dialog>
  );
}
