/**
 * Realistic clips for the reader/library tests and screenshots: real prose, headings, a
 * table, code, a quote and real PNG bytes for the images.
 */
import { fixtureClip, type FixtureClip } from '../src/backup/fixtures';
import { makePng } from './fixtures';

const para = (s: string) => `<p>${s}</p>`;

export async function articleClips(): Promise<FixtureClip[]> {
  const hero = makePng(960, 420, [70, 110, 150]);
  const chart = makePng(720, 300, [180, 120, 60]);
  const typography = await fixtureClip('clip-typography', 'The Measure of a Line: Why Reading Width Still Matters',
    [
      para('Print designers settled the question long before screens arrived: a comfortable line holds somewhere between <em>forty-five and seventy-five characters</em>. Shorter lines chop sentences into stutters; longer ones make the eye lose its place on the return sweep.'),
      '<figure><img src="https://cdn.example.org/measure/hero.png" alt="A page of set type" width="960" height="420"><figcaption>Hand-set type from a 1920s specimen book.</figcaption></figure>',
      para('On the web the measure drifted. Fluid layouts stretched paragraphs across whole monitors, and readers responded the only way they could: they stopped reading and started scanning. Researchers at several universities measured the effect and found comprehension dropping as lines grew past ninety characters.'),
      '<h2>Leading, not just width</h2>',
      para('Width never works alone. Line height — <strong>leading</strong>, after the strips of lead compositors slid between rows of type — has to grow with the measure, because a longer line needs more white space for the eye to find the next one.'),
      '<blockquote><p>Typography exists to honour content.</p></blockquote>',
      para('A practical rule of thumb: start at 1.5 times the font size and add a little for every ten characters beyond sixty. Reader views exist because most sites ignore the rule.'),
      '<table><thead><tr><th>Measure</th><th>Leading</th><th>Feels</th></tr></thead><tbody><tr><td>45 ch</td><td>1.4</td><td>Brisk, newspaper-like</td></tr><tr><td>66 ch</td><td>1.6</td><td>Book-like, the classic choice</td></tr><tr><td>90 ch</td><td>1.8</td><td>Tiring without generous spacing</td></tr></tbody></table>',
      '<h2>Doing it in CSS</h2>',
      '<pre><code>.article {\n  max-width: 66ch;\n  line-height: 1.6;\n  hyphens: auto;\n}</code></pre>',
      para('The <code>ch</code> unit measures the width of the zero glyph, so a 66ch column tracks the font you chose. Combine it with hyphenation and the ragged right edge calms down considerably.'),
      '<p><img src="https://cdn.example.org/measure/missing-chart.png" alt="A chart that was never saved"></p>',
      '<video src="https://cdn.example.org/measure/clip.mp4" controls></video>',
      para('None of this is new. It is simply easier to forget when every pixel of a screen is available. <a href="https://example.org/further-reading">Further reading</a> collects the studies mentioned here.'),
    ].join('\n'),
    [{ id: 'img-hero', url: 'https://cdn.example.org/measure/hero.png', bytes: hero, mime: 'image/png' }],
    { site: 'The Reading Room', byline: 'Mara Lindqvist', published: '2026-10-02', savedAt: Date.UTC(2026, 10, 20, 9), tags: ['typography', 'design'], url: 'https://readingroom.example.org/measure-of-a-line', readingMinutes: 4 });
  const rivers = await fixtureClip('clip-rivers', 'Rivers Remember: How Floodplains Shape the Towns Beside Them',
    [para('The river had been rising for three days before anyone in the valley took the warnings seriously. Engineers walked the embankments each morning, measuring seepage with wooden stakes.'),
      `<p><img src="https://cdn.example.org/rivers/chart.png" alt="River level chart"></p>`,
      para('By the end of the week the old mill stood in water up to its first windows. Nobody was hurt, but the clean-up changed how the town thinks about its own geography — and its insurance.')].join('\n'),
    [{ id: 'img-chart', url: 'https://cdn.example.org/rivers/chart.png', bytes: chart, mime: 'image/png' }],
    { site: 'Valley Courier', byline: 'Ada Lovelace', savedAt: Date.UTC(2026, 10, 19, 15), tags: ['climate'], url: 'https://courier.example.com/rivers-remember', readingMinutes: 6 });
  const rtl = await fixtureClip('clip-arabic', 'فن الخط العربي وتاريخه',
    [para('الخط العربي فن عريق ارتبط بالكتابة والعمارة والزخرفة، وتطور عبر القرون إلى أنماط كثيرة مثل النسخ والثلث والديواني والكوفي.'),
      '<h2>النسخ والثلث</h2>', para('يعد خط النسخ من أوضح الخطوط وأكثرها استخدامًا في الطباعة، بينما يتميز الثلث بجماله وصعوبته، ويستخدم في العناوين وزخرفة المساجد.')].join('\n'),
    [], { site: 'مجلة الفنون', byline: 'ليلى حسن', lang: 'ar', dir: 'rtl', savedAt: Date.UTC(2026, 10, 18, 11), tags: ['typography'], url: 'https://arts.example.net/khatt' });
  const cjk = await fixtureClip('clip-chinese', '汉字排版的基本原则',
    [para('中文排版与西文不同：汉字是方块字，每个字占据相同的宽度，行内没有空格，因此断行、标点挤压和行距都需要特别处理。'),
      para('一般来说，正文行距取字号的一点五倍到两倍之间较为舒适；每行字数以三十到四十个字为宜。日本語の組版でも同じ考え方が使われています。')].join('\n'),
    [], { site: '排版笔记', byline: '王小明', lang: 'zh', savedAt: Date.UTC(2026, 10, 17, 8), tags: ['typography', 'cjk'], url: 'https://notes.example.cn/hanzi' });
  const emoji = await fixtureClip('clip-recipes', 'Ten Weeknight Dinners That Take 20 Minutes 🍜',
    [para('Quick noodles, a sheet-pan gnocchi and a very good omelette: dinners for the evenings when cooking feels like one chore too many. Each recipe uses a handful of pantry staples — and yes, the crispy chilli oil is optional but recommended 🌶️.')].join('\n'),
    [], { site: 'Small Kitchen', byline: 'Jun Park', savedAt: Date.UTC(2026, 10, 16, 19), tags: ['cooking'], url: 'https://smallkitchen.example.com/weeknight', readingMinutes: 3 });
  return [typography, rivers, rtl, cjk, emoji];
}
