// @vitest-environment jsdom
import { render } from 'preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { useWindowKeydown } from './useWindowKeydown';

let host: HTMLElement | null = null;
afterEach(() => {
  if (host) render(null, host);
  host?.remove();
  host = null;
});

/** Counts the keys it hears; a key shows what the count was when it came. */
function Keys({ seen }: { seen: string[] }) {
  const [count, setCount] = useState(0);
  useWindowKeydown((e) => {
    seen.push(`${e.key}@${count}`);
    setCount(count + 1);
  });
  return <p>{count}</p>;
}

const press = (key: string) => document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));

describe('useWindowKeydown', () => {
  // The listener was bound in an effect, which Preact runs after the first paint: a key
  // pressed as soon as the page showed anything went to no listener.
  it('hears a key pressed right after the first render, before any frame', () => {
    const seen: string[] = [];
    host = document.createElement('div');
    document.body.append(host);
    render(<Keys seen={seen} />, host);
    press('a');
    expect(seen).toEqual(['a@0']);
  });

  it('gives each key the handler of the latest render, and stops listening once unmounted', async () => {
    const seen: string[] = [];
    host = document.createElement('div');
    document.body.append(host);
    render(<Keys seen={seen} />, host);
    press('a');
    await Promise.resolve(); // the re-render (a microtask), no frame
    press('b');
    expect(seen).toEqual(['a@0', 'b@1']);
    render(null, host);
    press('c');
    expect(seen).toEqual(['a@0', 'b@1']);
  });
});
