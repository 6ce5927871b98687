import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SiftDb } from './db';
import { addTag, countSearch, deleteForever, listClips, restoreClips, searchClips, trashClips } from './library';
import { planDerived, summaryOf } from './libraryIndex';
import { intersectKeys, newestFirst, planQuery, PREFIX_PROBE, termsMatch, VERIFY_MAX } from './librarySearch';
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
  it('new live clip: summary + timeline row; trash: timeline row removed; delete: both removed', () => {
    const put = planDerived([{ id: 'a', before: undefined, after: clip }]);
    expect(put.putSummaries[0]).toMatchObject({ id: 'a', hasImages: true, deletedAt: null });
    expect(put.putTimeline).toEqual([{ savedAt: 10, id: 'a', terms: clip.terms }]);
    const before = summaryOf(clip);
    const trashed = planDerived([{ id: 'a', before, after: { ...clip, deletedAt: 99 } }]);
    expect(trashed.deleteTimeline).toEqual([[10, 'a']]);
    expect(trashed.putTimeline).toEqual([]);
    const gone = planDerived([{ id: 'a', before, after: null }]);
    expect(gone).toMatchObject({ deleteSummaries: ['a'], deleteTimeline: [[10, 'a']], putSummaries: [] });
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
  it('one very common word (a prefix of no other word): newest page by key order, total by count', async () => {
    const r = await searchClips(db, 'common', { limit: 3 });
    expect(r).toMatchObject({ total: 600, strategy: 'single' });
    expect(ids(r)).toEqual(['c599', 'c598', 'c597']);
    expect(ids(await searchClips(db, 'common', { limit: 2, offset: 3 }))).toEqual(['c596', 'c595']);
  });
  it('no hit answers from the counts alone', async () => {
    expect(await searchClips(db, 'common nothinghere')).toMatchObject({ total: 0, items: [], strategy: 'none' });
  });
  it('rare AND common verifies the few candidates', async () => {
    const r = await searchClips(db, 'rare half');
    expect(r.strategy).toBe('verify');
    expect(ids(r)).toEqual(['c500', 'c400', 'c300', 'c200', 'c100', 'c000']);
  });
  it('two common words intersect key lists; the total is exact', async () => {
    expect(300).toBeGreaterThan(VERIFY_MAX);
    const r = await searchClips(db, 'half common', { limit: 5 });
    expect(r).toMatchObject({ total: 300, strategy: 'intersect' });
    expect(ids(r)).toEqual(['c598', 'c596', 'c594', 'c592', 'c590']);
  });
  it('the last word is a prefix; a clip matching it twice counts once', async () => {
    const r = await searchClips(db, 'alpha typog', { limit: 2 });
    expect(r.total).toBe(150);
    expect(ids(r)).toEqual(['c596', 'c592']);
    expect((await searchClips(db, 'typogr')).total).toBe(600);
  });
  it('a large prefix (more postings than the probe reads) fills the page by scanning newest first; the exact count follows', async () => {
    expect(600 * 5).toBeGreaterThan(PREFIX_PROBE);
    const r = await searchClips(db, 'typ', { limit: 4 });
    expect(r).toMatchObject({ strategy: 'scan', totalExact: false });
    expect(ids(r)).toEqual(['c599', 'c598', 'c597', 'c596']);
    expect(r.total).toBeGreaterThanOrEqual(4);
    expect(await countSearch(db, 'typ')).toBe(600);
    const half = await searchClips(db, 'half typ', { limit: 3, offset: 1 });
    expect(half.strategy).toBe('scan');
    expect(ids(half)).toEqual(['c596', 'c594', 'c592']);
    expect(await countSearch(db, 'half typ')).toBe(300);
    expect(ids(await searchClips(db, 'rare typ'))).toEqual(['c500', 'c400', 'c300', 'c200', 'c100', 'c000']);
    expect(await countSearch(db, 'half typ', 'five')).toBe(60);
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
  it('a failed bulk write leaves no index rows behind (same transaction)', async () => {
    const dup = sampleClip({ id: 'c001', title: 'dup', html: '<p>zebra</p>', savedAt: 1 });
    const fresh = sampleClip({ id: 'new', title: 'new', html: '<p>zebra</p>', savedAt: 2 });
    await expect(db.transaction('rw', db.clips, async () => { await db.clips.bulkAdd([fresh, dup]); })).rejects.toThrow();
    expect(await db.summaries.get('new')).toBeUndefined();
    expect((await searchClips(db, 'zebra')).total).toBe(0);
    expect((await db.summaries.get('c001'))!.title).toBe('Clip 1');
  });
});
