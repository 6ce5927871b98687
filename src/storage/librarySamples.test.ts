import { describe, expect, it } from 'vitest';
import { sampleClip } from './librarySamples';

describe('sampleClip', () => {
  it('writes text and excerpt as a saved clip has them: blocks apart, inline markup gone, the excerpt cut at a word', () => {
    const long = 'Print designers settled the question long before screens arrived, and the web forgot it. '.repeat(5);
    const clip = sampleClip({ id: 'a', title: 'A', html: `<h2>Width</h2><p>Between <em>forty-five and seventy-five characters</em>. Shorter lines chop.</p><p>${long}</p>` });
    expect(clip.text.split('\n\n')).toEqual(['Width', 'Between forty-five and seventy-five characters. Shorter lines chop.', long.trim()]);
    // The first paragraph of 80 characters or more, as the core's excerpt (README: library rows).
    expect(clip.excerpt).toMatch(/^Print designers settled .* the web\b.*…$/);
    expect(clip.excerpt!.length).toBeLessThanOrEqual(300);
    expect(clip.excerpt).not.toMatch(/\s…$/);
  });
});
