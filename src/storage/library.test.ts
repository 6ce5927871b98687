import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SiftDb } from './db';
import {
  addTag, allTags, countLive, listClips, neighbours, purgeExpiredTrash, removeTag, restoreClips,
  searchClips, searchIds, trashClips, trashIds, TRASH_RETENTION_MS, undoTrash, deleteForever, countTrash,
} from './library';
import { sampleClip } from './librarySamples';
import { indexWords, queryWords, termsFor } from './libraryTerms';

let db: SiftDb;
let n = 0;
beforeEach(async () => {
  db = new SiftDb(`test-${++n}`);
  await db.clips.bulkAdd([
    sampleClip({ id: 'a', title: 'Typography for the web', html: '<p>Line length and leading matter.</p>', savedAt: 1000, tags: ['design'] }),
    sampleClip({ id: 'b', title: 'Rust ownership', html: '<p>The borrow checker keeps memory safe.</p>', savedAt: 3000, tags: ['rust', 'design'] }),
    sampleClip({ id: 'c', title: 'مرحبا بالعالم', html: '<p>نص عربي عن الطباعة</p>', savedAt: 2000, lang: 'ar', dir: 'rtl' }),
    sampleClip({ id: 'd', title: '北京的天气', html: '<p>今天北京的天气很好。</p>', savedAt: 4000, lang: 'zh' }),
  ]);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('library queries', () => {
  it('lists newest first and counts live clips', async () => {
    const r = await listClips(db, { view: 'all' });
    expect(r.items.map((c) => c.id)).toEqual(['d', 'b', 'c', 'a']);
    expect(r.total).toBe(4);
    expect(r.items[0]).not.toHaveProperty('html');
  });

  it('searches title and body words, AND-ed, last word as prefix', async () => {
    expect((await searchClips(db, 'borrow')).items.map((c) => c.id)).toEqual(['b']);
    expect((await searchClips(db, 'TYPOG')).items.map((c) => c.id)).toEqual(['a']);
    expect((await searchClips(db, 'line leading')).items.map((c) => c.id)).toEqual(['a']);
    expect((await searchClips(db, 'line borrow')).items).toEqual([]);
    expect((await searchClips(db, 'الطباعة')).items.map((c) => c.id)).toEqual(['c']);
    expect((await searchClips(db, '北京')).items.map((c) => c.id)).toEqual(['d']);
  });

  // Typed into the library's search box, "🍜", "(((" or "—" listed every clip under "Search
  // results" ("All 4 matches selected", "Export 4 shown"): a query with no word in it was
  // taken for an empty one. It has nothing to look for, so it finds nothing; a blank query
  // still lists the library.
  it('a query of symbols, punctuation or emoji only finds nothing; a blank one lists the library', async () => {
    for (const q of ['🍜', '(((', '—', '"', '*']) {
      expect(await searchClips(db, q)).toMatchObject({ items: [], total: 0, totalExact: true });
      expect(await searchIds(db, q)).toEqual([]);
      expect(await searchIds(db, q, 'design')).toEqual([]);
    }
    expect((await searchClips(db, '  ')).items.map((c) => c.id)).toEqual(['d', 'b', 'c', 'a']);
    expect(await searchIds(db, '  ')).toEqual(['d', 'b', 'c', 'a']);
  });

  it('filters by tag and adds/removes tags case-insensitively', async () => {
    expect((await listClips(db, { view: 'all', tag: 'design' })).items.map((c) => c.id)).toEqual(['b', 'a']);
    await addTag(db, ['a', 'c'], '  Rust  ');
    await addTag(db, ['b'], 'RUST');
    expect((await db.clips.get('b'))!.tags).toEqual(['rust', 'design']);
    expect(await allTags(db)).toEqual(['design', 'Rust', 'rust']);
    await removeTag(db, ['a', 'c'], 'Rust');
    expect(await allTags(db)).toEqual(['design', 'rust']);
  });

  // Deleting the only clip tagged "rust" left #rust in the sidebar, and choosing it showed
  // an empty list ("No clips here."): the trash's tags were counted as the library's.
  it('lists only the tags of live clips: a tag that only trashed clips carry is not offered', async () => {
    expect(await allTags(db)).toEqual(['design', 'rust']);
    await trashClips(db, ['b']);
    expect(await allTags(db)).toEqual(['design']);
    await trashClips(db, ['a']);
    expect(await allTags(db)).toEqual([]);
    await restoreClips(db, ['a']);
    expect(await allTags(db)).toEqual(['design']);
    await restoreClips(db, ['b']);
    expect(await allTags(db)).toEqual(['design', 'rust']);
    // A tag on a live clip and on trashed ones stays.
    await addTag(db, ['a', 'b', 'c'], 'later');
    await trashClips(db, ['a', 'b']);
    expect(await allTags(db)).toEqual(['later']);
  });

  it('trashes, undoes and purges after 30 days with the images', async () => {
    await db.images.add({ id: 'i1', clipId: 'a', url: 'https://x/i.png', blob: null, mime: null, bytes: 0, width: null, height: null, status: 'failed', error: 'x' });
    const moved = await trashClips(db, ['a', 'b'], { now: 10_000 });
    expect(moved.sort()).toEqual(['a', 'b']);
    expect(await countLive(db)).toBe(2);
    expect((await listClips(db, { view: 'trash' })).items.map((c) => c.id).sort()).toEqual(['a', 'b']);
    expect((await searchClips(db, 'borrow')).items).toEqual([]);
    await restoreClips(db, ['b']);
    expect(await countLive(db)).toBe(3);
    expect(await purgeExpiredTrash(db, 10_000 + TRASH_RETENTION_MS - 1)).toBe(0);
    expect(await purgeExpiredTrash(db, 10_000 + TRASH_RETENTION_MS + 1)).toBe(1);
    expect(await db.clips.get('a')).toBeUndefined();
    expect(await db.images.count()).toBe(0);
  });

  // Two library tabs: A moves a, b and c to the trash and shows Undo; meanwhile B restores b and
  // deletes c forever. A's Undo brings back a only, says what became of the others, and writes
  // nothing for b (no second copy, its tags as B left them) nor for c (not brought back).
  it('undoTrash restores what is still in the trash and reports what was restored or deleted forever elsewhere', async () => {
    await trashClips(db, ['a', 'b', 'c'], { now: 10_000 });
    await restoreClips(db, ['b']);
    await addTag(db, ['b'], 'kept');
    await deleteForever(db, ['c']);
    const out = await undoTrash(db, ['a', 'b', 'c']);
    expect(out).toEqual({ restored: ['a'], alreadyLive: ['b'], gone: ['c'] });
    expect((await listClips(db, { view: 'all' })).items.map((c) => c.id)).toEqual(['d', 'b', 'a']);
    expect(await countLive(db)).toBe(3);
    expect(await countTrash(db)).toBe(0);
    expect((await db.clips.get('b'))!.tags).toEqual(['rust', 'design', 'kept']);
    expect(await db.clips.get('c')).toBeUndefined();
    // Nothing left to undo: nothing written.
    expect(await undoTrash(db, ['b', 'c'])).toEqual({ restored: [], alreadyLive: ['b'], gone: ['c'] });
    expect(await countLive(db)).toBe(3);
  });

  // The trash view's Restore says how many it restored from what this returns, not from how
  // many were selected: another tab may have restored some or deleted them forever meanwhile.
  it('restoreClips returns the clips it restored, not one restored or deleted forever elsewhere', async () => {
    await trashClips(db, ['a', 'b', 'c'], { now: 10_000 });
    await restoreClips(db, ['b']);
    await deleteForever(db, ['c']);
    expect(await restoreClips(db, ['a', 'b', 'c'])).toEqual(['a']);
    expect(await countTrash(db)).toBe(0);
    expect(await db.clips.get('c')).toBeUndefined();
  });

  it('trashIds: every clip in the trash, in the trash view\'s order (most recently deleted first)', async () => {
    expect(await trashIds(db)).toEqual([]);
    await trashClips(db, ['a'], { now: 5000 });
    await trashClips(db, ['d', 'c'], { now: 6000 });
    const view = (await listClips(db, { view: 'trash', limit: 1000 })).items.map((c) => c.id);
    expect(await trashIds(db)).toEqual(view);
    expect(view.slice(2)).toEqual(['a']);
    expect(new Set(view.slice(0, 2))).toEqual(new Set(['c', 'd']));
  });

  it('finds neighbours in library order', async () => {
    const c = (await db.clips.get('c'))!;
    expect(await neighbours(db, c)).toEqual({ newer: 'b', older: 'a' });
  });

  it('segments CJK without spaces', () => {
    expect(termsFor({ title: '', text: '今天北京的天气很好' })).toContain('北京');
  });
});

describe('search by author and site, and across hyphenated and joined spellings', () => {
  beforeEach(async () => {
    await db.clips.bulkAdd([
      sampleClip({ id: 'hy', title: 'Wi-Fi 7 routers tested', html: '<p>Six routers on a long corridor.</p>', savedAt: 5000, byline: 'Ada Lovelace', site: 'The Valley Courier' }),
      sampleClip({ id: 'camel', title: 'WiFi calling explained', html: '<p>Calls over the home network.</p>', savedAt: 6000, byline: 'Grace Hopper', site: 'Signal Weekly' }),
      sampleClip({ id: 'low', title: 'Fixing slow wifi at home', html: '<p>Move the router.</p>', savedAt: 7000, site: 'example.com' }),
      sampleClip({ id: 'mail', title: 'The e-mail that changed everything', html: '<p>Sent at noon.</p>', savedAt: 8000 }),
      sampleClip({ id: 'soft', title: 'Straßen\u00ADbahn', html: '<p>Eine Stra\u00DFen\u00ADbahn f\u00E4hrt.</p>', savedAt: 9000, lang: 'de' }),
    ]);
  });
  const found = async (q: string) => (await searchClips(db, q)).items.map((c) => c.id).sort();

  // A user who remembers who wrote a piece, or where, searches by that: the library found
  // neither (terms came from title and text only).
  it('finds clips by byline and by site name', async () => {
    expect(await found('lovelace')).toEqual(['hy']);
    expect(await found('Grace Hopper')).toEqual(['camel']);
    expect(await found('valley courier')).toEqual(['hy']);
    expect(await found('signal weekly')).toEqual(['camel']);
    expect(await found('lovelace routers')).toEqual(['hy']);
  });

  // "WiFi" did not find "Wi-Fi": the hyphen split it into "wi" and "fi".
  it('WiFi, Wi-Fi and wifi find one another', async () => {
    for (const q of ['wifi', 'WiFi', 'Wi-Fi', 'WI‑FI', 'wifi router']) expect(await found(q), q).toEqual(q === 'wifi router' ? ['hy', 'low'] : ['camel', 'hy', 'low']);
    // Typed as two words, it finds the spellings that hold both parts (Wi-Fi, WiFi).
    expect(await found('wi fi')).toEqual(['camel', 'hy']);
    expect(await found('email')).toEqual(['mail']);
    expect(await found('e-mail')).toEqual(['mail']);
    // The parts of a hyphenated word still match on their own.
    expect(await found('mail')).toEqual(['mail']);
  });

  it('spellings indexed and asked for (pure)', () => {
    expect(indexWords('Bluetooth-and-Wi-Fi')).toEqual(['bluetooth', 'and', 'wi', 'fi', 'bluetoothand', 'bluetoothandwi', 'bluetoothandwifi', 'andwi', 'andwifi', 'wifi']);
    expect(indexWords('WiFi JavaScript plain')).toEqual(['wifi', 'wi', 'fi', 'javascript', 'java', 'script', 'plain']);
    expect(queryWords('Wi-Fi WiFi e‑mail')).toEqual(['wifi', 'wifi', 'email']);
    // Joined too long to be indexed whole: the query asks for the parts.
    const slug = 'how-to-fix-slow-wireless-internet-in-an-old-house-today';
    expect(queryWords(slug)).toEqual(slug.split('-'));
    // A range is not a word: dashes do not join.
    expect(indexWords('1990–2000')).toEqual(['1990', '2000']);
    expect(termsFor({ title: 'T', text: 'x', byline: 'Ada Lovelace', site: 'The Courier' })).toEqual(['t', 'ada', 'lovelace', 'the', 'courier', 'x']);
  });

  it('a soft hyphen (an invisible break hint) does not split a word', async () => {
    expect(await found('straßenbahn')).toEqual(['soft']);
  });

  // "munchen" did not find "München", nor "zoe" a piece by Zoë: a keyboard without the accent
  // (or a user who does not remember it) found nothing.
  it('finds Latin and Greek words with or without their accents, ß as ss', async () => {
    await db.clips.bulkAdd([
      sampleClip({ id: 'muc', title: 'München im Winter', html: '<p>Die Straße war leer.</p>', savedAt: 10_000, byline: 'Zoë Ångström', lang: 'de' }),
      sampleClip({ id: 'cafe', title: 'A cafe on the corner', html: '<p>Coffee and cake.</p>', savedAt: 11_000 }),
      sampleClip({ id: 'cafe2', title: 'Le café du coin', html: '<p>Un crème, un œuf.</p>', savedAt: 12_000, lang: 'fr' }),
      sampleClip({ id: 'vi', title: 'Tiếng Việt', html: '<p>Phở Hà Nội.</p>', savedAt: 13_000, lang: 'vi' }),
      sampleClip({ id: 'el', title: 'Η Αθήνα', html: '<p>Ακρόπολη.</p>', savedAt: 14_000, lang: 'el' }),
    ]);
    for (const q of ['munchen', 'München', 'MUNCHEN', 'munch']) expect(await found(q), q).toEqual(['muc']);
    for (const q of ['zoe angstrom', 'Zoë Ångström', 'zoe ÅNGSTRÖM']) expect(await found(q), q).toEqual(['muc']);
    // The last word is also a prefix: Straße finds the Straßenbahn clip too.
    for (const q of ['strasse', 'Straße', 'STRASSE']) expect(await found(q), q).toEqual(['muc', 'soft']);
    expect(await found('strassenbahn')).toEqual(['soft']);
    expect(await found('strasse leer')).toEqual(['muc']);
    // Either spelling finds both: the accent is not what the user remembers.
    for (const q of ['cafe', 'café', 'CAFÉ']) expect(await found(q), q).toEqual(['cafe', 'cafe2']);
    expect(await found('oeuf creme')).toEqual(['cafe2']);
    expect(await found('tieng viet pho ha noi')).toEqual(['vi']);
    expect(await found('αθηνα ακροπολη')).toEqual(['el']);
  });

  // "groesse" found nothing for "Größe": German written without umlauts spells ä, ö, ü as
  // ae, oe, ue (Mueller, Groesse, Koeln: keyboards, URLs, Swiss and ASCII-only texts), while
  // the index held the umlauts only dropped (grosse). Both spellings now find the clip.
  it('finds German umlauts typed as ae, oe, ue, as well as without their dots', async () => {
    await db.clips.bulkAdd([
      sampleClip({ id: 'size', title: 'Die Größe der Städte', html: '<p>Köln und Zürich wachsen. Müller zählt Einwohner.</p>', savedAt: 10_000, lang: 'de' }),
      sampleClip({ id: 'blue', title: 'Blue does true', html: '<p>A queue of poems by Michael.</p>', savedAt: 11_000 }),
    ]);
    for (const q of ['groesse', 'Groesse', 'grosse', 'Größe', 'GRÖSSE']) expect(await found(q), q).toEqual(['size']);
    for (const q of ['staedte koeln', 'zuerich', 'mueller zaehlt', 'muller zahlt', 'Städte Köln', 'zurich']) expect(await found(q), q).toEqual(['size']);
    // As a prefix too (search as you type).
    expect(await found('groe')).toEqual(['size']);
    // ae / oe / ue in other words are letters, not umlauts: they are found as before, and
    // the umlaut clip is not ("blue" is not "blü", "does" not "dös").
    expect(await found('blue does true queue poems michael')).toEqual(['blue']);
    expect(await found('michäl')).toEqual([]);
  });

  it('indexes an umlaut word also as German spells it without umlauts (pure)', () => {
    expect(indexWords('Größe')).toEqual(['größe', 'grosse', 'groesse']);
    expect(indexWords('Ärger Übel')).toEqual(['ärger', 'arger', 'aerger', 'übel', 'ubel', 'uebel']);
    // Words without ä, ö, ü gain nothing (ß alone folds to ss, as before; é is no umlaut).
    expect(indexWords('Straße café blue')).toEqual(['straße', 'strasse', 'café', 'cafe', 'blue']);
    // A query is folded as before; the ae spelling is a word the index holds.
    expect(queryWords('Größe groesse')).toEqual(['grosse', 'groesse']);
  });

  it('keeps the marks that make a word in other scripts (pure)', () => {
    // Devanagari vowel signs and Arabic letters are marks or letters of their own, not accents.
    expect(queryWords('हिन्दी')).toEqual(['हिन्दी']);
    expect(queryWords('مُحَمَّد')).toEqual(['مُحَمَّد']);
    // Cyrillic й is its own letter (и with a breve is not how Russian reads it).
    expect(queryWords('Чайка')).toEqual(['чайка']);
    // Japanese voiced kana stay voiced.
    expect(queryWords('ガラス')).toEqual(['ガラス']);
    // The index keeps the word as written and adds its unaccented form.
    expect(indexWords('Zoë plain')).toEqual(['zoë', 'zoe', 'plain']);
  });
});
