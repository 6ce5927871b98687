import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SiftDb } from './db';
import { addTag, countLive, countSearch, deleteForever, listClips, restoreClips, searchClips, searchIds, trashClips } from './library';
import { LIVE_COUNT_KEY, planDerived, summaryOf } from './libraryIndex';
import { intersectKeys, newestFirst, planQuery, PROBE, SCAN_MAX_ROWS, termsMatch } from './librarySearch';
import { sampleClip } from './librarySamples';

describe('search planner (pure)', () => {
  it('dedupes words, makes only the last word of 3+ characters a prefix', () => {
    expect(planQuery('River river BANK')).toEqual([{ term: 'river', prefix: false }, { term: 'bank', prefix: true }]);
    expect(planQuery('flood ka')).toEqual([{ term: 'flood', prefix: false }, { term: 'ka', prefix: false }]);
    expect(planQuery('  ')).toEqual([]);
  });
  it('drops a trailing prefix that an exact word already satisfies', () => {
    expect(planQuery('typography typ')).toEqual([{ term: 'typography', prefix: false }]);
  });
  it('verifies terms against a row', () => {
    expect(termsMatch(['typography', 'web'], { term: 'typo', prefix: true })).toBe(true);
    expect(termsMatch(['typography'], { term: 'typo', prefix: false })).toBe(false);
  });
  it('intersects key lists by id and returns newest first', () => {
    const a: [number, string][] = [[1, 'x'], [5, 'y'], [3, 'z']];
    const b: [number, string][] = [[5, 'y'], [1, 'x'], [9, 'q'], [5, 'y']];
    expect(intersectKeys([a, b])).toEqual([[5, 'y'], [1, 'x']]);
    expect(intersectKeys([a, []])).toEqual([]);
    expect([[1, 'a'], [2, 'b'], [2, 'c']].sort((p, q) => newestFirst(p as [number, string], q as [number, string]))).toEqual([[2, 'c'], [2, 'b'], [1, 'a']]);
  });
});

describe('derived rows (pure)', () => {
  const clip = sampleClip({ id: 'a', title: 'Rivers', html: '<p>Water <img src="x"></p>', savedAt: 10 });
  it('new live clip: summary + timeline row; trash: the row stays; delete: both removed', () => {
    const put = planDerived([{ id: 'a', before: undefined, after: clip }]);
    expect(put.putSummaries[0]).toMatchObject({ id: 'a', hasImages: true, deletedAt: null, liveKey: [10, 'a'] });
    expect(put.putTimeline).toEqual([{ savedAt: 10, id: 'a', terms: clip.terms }]);
    expect(put.liveDelta).toBe(1);
    const before = summaryOf(clip);
    const trashed = planDerived([{ id: 'a', before, after: { ...clip, deletedAt: 99 } }]);
    expect(trashed).toMatchObject({ deleteTimeline: [], putTimeline: [], liveDelta: -1 });
    expect(trashed.putSummaries[0]!.liveKey).toBeUndefined();
    expect(planDerived([{ id: 'a', before, after: { ...clip, title: 'renamed' } }]).liveDelta).toBe(0);
    const gone = planDerived([{ id: 'a', before, after: null }]);
    expect(gone).toMatchObject({ deleteSummaries: ['a'], deleteTimeline: [[10, 'a']], putSummaries: [], liveDelta: -1 });
    // Deleting a trashed clip for good: it was not live, and its row (if it has one) goes.
    expect(planDerived([{ id: 'a', before: summaryOf({ ...clip, deletedAt: 99 }), after: null }])).toMatchObject({ deleteTimeline: [[10, 'a']], liveDelta: 0 });
  });
  // Undo and Restore of 3,000 clips took 97-105 s (bench/library-bulk.ts) when every restored
  // clip's ~1,300 terms were indexed again.
  it('restore: a trashed clip that kept its row is not indexed again; one without a row (trashed before v7) is', () => {
    const inTrash = summaryOf({ ...clip, deletedAt: 99 });
    const kept = planDerived([{ id: 'a', before: inTrash, after: clip, trashedWithRow: true }]);
    expect(kept).toMatchObject({ putTimeline: [], deleteTimeline: [], liveDelta: 1 });
    expect(kept.putSummaries[0]!.liveKey).toEqual([10, 'a']);
    expect(planDerived([{ id: 'a', before: inTrash, after: clip, trashedWithRow: false }]).putTimeline).toEqual([{ savedAt: 10, id: 'a', terms: clip.terms }]);
    // Tagged in the trash: a row stays as it is; no row is made for a clip that stays in the trash.
    expect(planDerived([{ id: 'a', before: inTrash, after: { ...clip, deletedAt: 99, tags: ['x'] }, trashedWithRow: true }]).putTimeline).toEqual([]);
    expect(planDerived([{ id: 'a', before: inTrash, after: { ...clip, deletedAt: 99, tags: ['x'] }, trashedWithRow: false }]).putTimeline).toEqual([]);
    // Re-saved in the trash with other words or another date: a row it has follows.
    const moved = planDerived([{ id: 'a', before: inTrash, after: { ...clip, deletedAt: 99, savedAt: 20 }, trashedWithRow: true }]);
    expect(moved).toMatchObject({ deleteTimeline: [[10, 'a']], putTimeline: [{ savedAt: 20, id: 'a', terms: clip.terms }], liveDelta: 0 });
    // Imported already in the trash: no row until it is restored.
    expect(planDerived([{ id: 'a', before: undefined, after: { ...clip, deletedAt: 99 } }])).toMatchObject({ putTimeline: [], liveDelta: 0 });
  });
  it('a tag edit leaves the timeline row alone; new words rewrite it', () => {
    const before = summaryOf(clip);
    expect(planDerived([{ id: 'a', before, after: { ...clip, tags: ['x'] } }]).putTimeline).toEqual([]);
    expect(planDerived([{ id: 'a', before, after: { ...clip, terms: [...clip.terms, 'new'] } }]).putTimeline).toHaveLength(1);
  });
});

let db: SiftDb;
let n = 0;
const WORDS = ['alpha', 'beta', 'gamma', 'delta'];
beforeEach(async () => {
  db = new SiftDb(`search-${++n}`);
  // 600 clips: "common" in all, "half" in even ones, "rare" in every 100th, "alpha…delta" cycling.
  await db.clips.bulkAdd(Array.from({ length: 600 }, (_, i) => sampleClip({
    id: `c${String(i).padStart(3, '0')}`, title: `Clip ${i}`, savedAt: 1_000 + i * 10,
    html: `<p>common ${i % 2 === 0 ? 'half' : 'odd'} ${i % 100 === 0 ? 'rare' : ''} ${WORDS[i % 4]} typography${i % 3} typea${i % 7} typeb${i % 11} typec typed</p>`,
    tags: i % 5 === 0 ? ['five'] : [],
  })));
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const ids = (r: { items: { id: string }[] }) => r.items.map((c) => c.id);

describe('search over the timeline (fake-indexeddb)', () => {
  // The fixture's terms by size: "common" (600 clips) and the prefixes "typog" (600 clips)
  // and "typ" (3,000 postings) are common, more than PROBE; "half" (300), alpha…delta
  // (150 each), typography0-2 (200 each) and "rare" (6) are small.
  it('the fixture has the sizes the paths below rely on', () => {
    expect(PROBE).toBeLessThan(600);
    expect(PROBE).toBeGreaterThanOrEqual(300);
  });
  it('one very common exact word: newest page by key order, total estimated from the clips its newest postings span', async () => {
    const r = await searchClips(db, 'common', { limit: 3 });
    expect(r).toMatchObject({ total: 600, totalExact: false, strategy: 'single' });
    expect(ids(r)).toEqual(['c599', 'c598', 'c597']);
    expect(ids(await searchClips(db, 'common', { limit: 2, offset: 3 }))).toEqual(['c596', 'c595']);
    expect(await countSearch(db, 'common')).toBe(600);
    // 200 clips to the trash: 400 left, a small term now, so its total is exact again.
    await trashClips(db, Array.from({ length: 200 }, (_, i) => `c${String(i * 3 + 2).padStart(3, '0')}`));
    const left = await searchClips(db, 'common', { limit: 2 });
    expect(ids(left)).toEqual(['c598', 'c597']);
    expect(left).toMatchObject({ total: 400, totalExact: true });
    expect(await countSearch(db, 'common')).toBe(400);
  });
  it('a prefix that only one stored word has is that word (found by two seeks, not a walk)', async () => {
    expect(await searchClips(db, 'commo', { limit: 1 })).toMatchObject({ total: 600, strategy: 'single' });
    const r = await searchClips(db, 'typography1', { limit: 2 });
    expect(r).toMatchObject({ total: 200, totalExact: true, strategy: 'single' });
    expect(ids(r)).toEqual(['c598', 'c595']);
  });
  it('no hit answers from the probes alone', async () => {
    expect(await searchClips(db, 'common nothinghere')).toMatchObject({ total: 0, items: [], strategy: 'none' });
    expect(await searchClips(db, 'common nothi')).toMatchObject({ total: 0, items: [], strategy: 'none' });
  });
  it('small terms only: their key lists intersect, newest first, exact total', async () => {
    const r = await searchClips(db, 'rare half');
    expect(r).toMatchObject({ total: 6, totalExact: true, strategy: 'intersect' });
    expect(ids(r)).toEqual(['c500', 'c400', 'c300', 'c200', 'c100', 'c000']);
    // alpha = i % 4 == 0, typography2 = i % 3 == 2: i % 12 == 8.
    const two = await searchClips(db, 'alpha typography2', { limit: 3, offset: 1 });
    expect(two).toMatchObject({ total: 50, totalExact: true, strategy: 'intersect' });
    expect(ids(two)).toEqual(['c584', 'c572', 'c560']);
  });
  it('a small prefix of several words: its keys merged newest first, each clip once', async () => {
    await db.clips.clear();
    await db.clips.bulkAdd(Array.from({ length: 30 }, (_, i) => sampleClip({
      id: `z${String(i).padStart(2, '0')}`, title: 'z', savedAt: 100 + i,
      html: `<p>${['zeta1', 'zeta2', 'other'][i % 3]} ${i % 5 === 0 ? 'zetaa' : ''}</p>`,
    })));
    const r = await searchClips(db, 'zeta', { limit: 5 });
    expect(r).toMatchObject({ strategy: 'intersect', total: 22, totalExact: true });
    expect(ids(r)).toEqual(['z28', 'z27', 'z25', 'z24', 'z22']);
  });
  it('a small term and a common one: the candidates are verified on their rows; the total is exact', async () => {
    const r = await searchClips(db, 'half common', { limit: 5 });
    expect(r).toMatchObject({ total: 300, totalExact: true, strategy: 'verify' });
    expect(ids(r)).toEqual(['c598', 'c596', 'c594', 'c592', 'c590']);
    const p = await searchClips(db, 'alpha typog', { limit: 2 });
    expect(p).toMatchObject({ total: 150, totalExact: true, strategy: 'verify' });
    expect(ids(p)).toEqual(['c596', 'c592']);
  });
  it('common terms only: rows are scanned newest first until the page is full; the total is estimated, the exact count follows', async () => {
    const r = await searchClips(db, 'typ', { limit: 4 });
    expect(r).toMatchObject({ strategy: 'scan', totalExact: false, total: 600 });
    expect(ids(r)).toEqual(['c599', 'c598', 'c597', 'c596']);
    expect(await countSearch(db, 'typ')).toBe(600);
    expect(ids(await searchClips(db, 'common typog', { limit: 2, offset: 5 }))).toEqual(['c594', 'c593']);
    const half = await searchClips(db, 'half typ', { limit: 3, offset: 1 });
    expect(half).toMatchObject({ strategy: 'verify', total: 300, totalExact: true });
    expect(ids(half)).toEqual(['c596', 'c594', 'c592']);
    expect(await countSearch(db, 'half typ')).toBe(300);
    expect(ids(await searchClips(db, 'rare typ'))).toEqual(['c500', 'c400', 'c300', 'c200', 'c100', 'c000']);
    expect(await countSearch(db, 'half typ', 'five')).toBe(60);
    const tagged = await searchClips(db, 'typ', { tag: 'five', limit: 3 });
    expect(ids(tagged)).toEqual(['c595', 'c590', 'c585']);
    expect(tagged.strategy).toBe('scan');
  });
  // The library's "Export N shown": every match, not the page on screen, and exact where
  // the page's total was an estimate.
  it('searchIds: every match newest first on each path, exact where the page estimated, within the tag', async () => {
    const every = (step: number, from = 0) => Array.from({ length: 600 }, (_, i) => 599 - i).filter((i) => i % step === from).map((i) => `c${String(i).padStart(3, '0')}`);
    expect(await searchIds(db, 'rare half')).toEqual(every(100));
    expect(await searchIds(db, 'half common')).toEqual(every(2));
    const single = await searchIds(db, 'common');
    expect(single).toHaveLength(600);
    expect(single.slice(0, 2)).toEqual(['c599', 'c598']);
    expect(await searchIds(db, 'typ')).toHaveLength(600);
    expect(await searchIds(db, 'typ', 'five')).toEqual(every(5));
    expect(await searchIds(db, 'half typ', 'five')).toEqual(every(10));
    expect(await searchIds(db, 'common nothinghere')).toEqual([]);
    // No words: the tag's clips, as the list shows them.
    expect(await searchIds(db, '  ', 'five')).toEqual(every(5));
    await trashClips(db, ['c500']);
    expect(await searchIds(db, 'rare')).toEqual(every(100).filter((id) => id !== 'c500'));
  });
  it('tag filter, trash and restore, delete: search follows every clip write', async () => {
    expect((await searchClips(db, 'rare', { tag: 'five' })).total).toBe(6);
    await trashClips(db, ['c500', 'c100']);
    expect(ids(await searchClips(db, 'rare'))).toEqual(['c400', 'c300', 'c200', 'c000']);
    expect((await searchClips(db, 'common')).total).toBe(598);
    expect((await listClips(db, { view: 'all' })).total).toBe(598);
    await restoreClips(db, ['c500']);
    expect(ids(await searchClips(db, 'rare'))).toEqual(['c500', 'c400', 'c300', 'c200', 'c000']);
    await deleteForever(db, ['c400']);
    expect(await db.summaries.get('c400')).toBeUndefined();
    expect(ids(await searchClips(db, 'rare half'))).toEqual(['c500', 'c300', 'c200', 'c000']);
    await addTag(db, ['c301'], 'Picked');
    expect((await db.summaries.get('c301'))!.tags).toEqual(['Picked']);
    expect(ids(await listClips(db, { view: 'all', tag: 'Picked' }))).toEqual(['c301']);
  });
  it('the stored live count follows every clip write; a database without one counts once', async () => {
    expect(await countLive(db)).toBe(600);
    expect((await db.settings.get(LIVE_COUNT_KEY))?.value).toBe(600);
    await trashClips(db, ['c001', 'c002', 'c003']);
    await restoreClips(db, ['c002']);
    await deleteForever(db, ['c003', 'c004']);
    await addTag(db, ['c005'], 'x');
    await db.clips.add(sampleClip({ id: 'new', title: 'new', html: '<p>new</p>', savedAt: 1 }));
    await db.clips.put({ ...(await db.clips.get('c006'))!, savedAt: 5 });
    // c001 keeps its row in the trash; c003 and c004 went for good; 'new' came.
    expect(await db.timeline.count()).toBe(600 - 2 + 1);
    expect(await countLive(db)).toBe(598);
    expect((await listClips(db, { view: 'all', limit: 1 })).total).toBe(598);
    await db.settings.delete(LIVE_COUNT_KEY);
    await db.clips.bulkDelete(['c007']); // no stored count: nothing to adjust
    expect(await countLive(db)).toBe(597);
    await db.clips.clear();
    expect(await countLive(db)).toBe(0);
  });
  it('a failed bulk write leaves no index rows behind (same transaction)', async () => {
    const dup = sampleClip({ id: 'c001', title: 'dup', html: '<p>zebra</p>', savedAt: 1 });
    const fresh = sampleClip({ id: 'new', title: 'new', html: '<p>zebra</p>', savedAt: 2 });
    await expect(db.transaction('rw', db.clips, async () => { await db.clips.bulkAdd([fresh, dup]); })).rejects.toThrow();
    expect(await db.summaries.get('new')).toBeUndefined();
    expect((await searchClips(db, 'zebra')).total).toBe(0);
    expect((await db.summaries.get('c001'))!.title).toBe('Clip 1');
  });
});

describe('newest-first scan over a timeline where the match is old (fake-indexeddb)', () => {
  // Two clips share each savedAt (ties ordered by id), so chunk boundaries fall inside ties.
  const make = (n: number, oldUntil: number) => db.clips.bulkAdd(Array.from({ length: n }, (_, i) => sampleClip({
    id: `d${String(i).padStart(4, '0')}`, title: 'd', savedAt: 5_000 + Math.floor(i / 2),
    html: `<p>wide ${i < oldUntil ? 'older' : ''} ${i % 2 === 0 ? 'evenly' : 'oddly'}</p>`,
  })));
  it('common terms absent from the newest clips: the scan reads on, chunk after chunk, and keeps date order', async () => {
    await db.clips.clear();
    await make(1400, 600);
    const r = await searchClips(db, 'wide older', { limit: 3 });
    expect(r.strategy).toBe('scan');
    expect(ids(r)).toEqual(['d0599', 'd0598', 'd0597']);
    const odd = await searchClips(db, 'oddly older', { limit: 3, offset: 2 });
    expect(ids(odd)).toEqual(['d0595', 'd0593', 'd0591']);
    expect(await countSearch(db, 'oddly older')).toBe(300);
    // One common word in every other clip: its 4 newest postings span 8 clips, so ≈ half of 1,400.
    const even = await searchClips(db, 'evenly', { limit: 4 });
    expect(even).toMatchObject({ strategy: 'single', total: 700, totalExact: false });
    expect(ids(even)).toEqual(['d1398', 'd1396', 'd1394', 'd1392']);
  });
  it('a scan that would pass SCAN_MAX_ROWS reads every key instead: exact, same order', async () => {
    await db.clips.clear();
    await make(SCAN_MAX_ROWS + 700, 600);
    const r = await searchClips(db, 'wide older', { limit: 3 });
    expect(r).toMatchObject({ strategy: 'intersect', total: 600, totalExact: true });
    expect(ids(r)).toEqual(['d0599', 'd0598', 'd0597']);
    // One word whose newest postings span too many clips to estimate from: counted exactly.
    const old = await searchClips(db, 'older', { limit: 2, offset: 1 });
    expect(old).toMatchObject({ strategy: 'single', total: 600, totalExact: true });
    expect(ids(old)).toEqual(['d0598', 'd0597']);
  });
});
