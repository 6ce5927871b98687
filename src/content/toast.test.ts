// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from './toast';

const host = () => document.getElementById('sift-toast-host');
const saved = () => showToast(document, { kind: 'saved', title: 'When the River Came to Town', warning: null, onOpen: () => undefined });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  host()?.remove();
  vi.useRealTimers();
});

describe('the saved toast', () => {
  it('leaves after 6 s', () => {
    saved();
    vi.advanceTimersByTime(5_900);
    expect(host()).not.toBeNull();
    vi.advanceTimersByTime(200);
    expect(host()).toBeNull();
  });

  // A user moving the pointer to "Open in reader", or tabbing to it, saw it vanish under
  // the pointer or with the focus in it when the 6 s ran out (WCAG 2.2.1, timing adjustable).
  it('stays while the pointer is over it, and leaves 6 s after the pointer does', () => {
    saved();
    vi.advanceTimersByTime(4_000);
    host()!.dispatchEvent(new MouseEvent('mouseenter'));
    vi.advanceTimersByTime(20_000);
    expect(host()).not.toBeNull();
    host()!.dispatchEvent(new MouseEvent('mouseleave'));
    vi.advanceTimersByTime(5_900);
    expect(host()).not.toBeNull();
    vi.advanceTimersByTime(200);
    expect(host()).toBeNull();
  });

  it('stays while the focus is in it', () => {
    saved();
    host()!.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
    vi.advanceTimersByTime(20_000);
    expect(host()).not.toBeNull();
    host()!.dispatchEvent(new FocusEvent('focusout', { bubbles: true, composed: true }));
    vi.advanceTimersByTime(6_100);
    expect(host()).toBeNull();
  });
});
