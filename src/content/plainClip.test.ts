// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { clipSelection } from './plainClip';

/** A page with an og:image, the given body, and the user's selection over `#picked`. */
function selectionClip(body: string) {
  document.head.innerHTML = '<meta property="og:image" content="https://cdn.example/og.jpg">';
  document.body.innerHTML = body;
  const range = document.createRange();
  range.selectNodeContents(document.getElementById('picked')!);
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  return clipSelection(document);
}

describe('clipSelection', () => {
  it('takes no lead image from the page og:image', () => {
    expect(selectionClip('<div id="picked"><p>Only this paragraph.</p></div>')?.leadImage).toBeNull();
  });

  it('takes the first image inside the selection as lead image', () => {
    const clip = selectionClip('<div id="picked"><p>Text.</p><img src="https://cdn.example/inside.png"></div>');
    expect(clip?.leadImage).toBe('https://cdn.example/inside.png');
  });
});
