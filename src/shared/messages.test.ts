import { describe, expect, it } from 'vitest';
import { dispatch, extractReplyValidator, MAX_MESSAGE_CHARS, request, senderKind, type Envelope, type Handlers, type SenderInfo } from './messages';

const self = { extensionId: 'sift-id', extensionOrigin: 'chrome-extension://sift-id/' };
const popup: SenderInfo = { id: 'sift-id', url: 'chrome-extension://sift-id/popup.html' };
const popupInTab: SenderInfo = { id: 'sift-id', url: 'chrome-extension://sift-id/popup.html?tabId=4', tab: { id: 9 } };
const contentScript: SenderInfo = { id: 'sift-id', url: 'https://news.example/a', tab: { id: 4 }, frameId: 0 };
const otherExtension: SenderInfo = { id: 'evil-id', url: 'chrome-extension://evil-id/bg.js' };

const calls: unknown[] = [];
const handlers: Handlers<'ui→bg:preview' | 'ui→bg:open-reader' | 'content→bg:open-reader'> = {
  'ui→bg:preview': (p) => {
    calls.push(p);
    return { kind: 'cannot-clip', code: 'empty', message: 'empty', existing: [] };
  },
  'ui→bg:open-reader': () => {
    throw new Error('reader is broken');
  },
  'content→bg:open-reader': () => null,
};

describe('senderKind', () => {
  it('tells extension pages (also opened as tabs) from content scripts and strangers', () => {
    expect(senderKind(popup, self)).toBe('extension');
    expect(senderKind(popupInTab, self)).toBe('extension');
    expect(senderKind(contentScript, self)).toBe('content-script');
    expect(senderKind({ id: 'sift-id' }, self)).toBe('extension');
    expect(senderKind(otherExtension, self)).toBeNull();
    expect(senderKind({ url: 'https://news.example/' }, self)).toBeNull();
  });
});

describe('dispatch', () => {
  it('runs the handler with the validated payload and wraps the value', async () => {
    calls.length = 0;
    const out = await dispatch(handlers, { type: 'ui→bg:preview', payload: { tabId: 4, mode: 'article' } }, popup, self);
    expect(out).toEqual({ ok: true, value: { kind: 'cannot-clip', code: 'empty', message: 'empty', existing: [] } });
    expect(calls).toEqual([{ tabId: 4, mode: 'article' }]);
  });

  it.each([
    ['a string', 'hello', 'malformed message'],
    ['null', null, 'malformed message'],
    ['no type', { payload: {} }, 'malformed message'],
    ['an extra envelope field', { type: 'ui→bg:preview', payload: { tabId: 1, mode: 'article' }, sender: 'me' }, 'unexpected field sender'],
    ['an unknown name', { type: 'ui→bg:nuke', payload: null }, 'unknown message: ui→bg:nuke'],
    ['a prototype key as name', { type: 'constructor', payload: null }, 'unknown message: constructor'],
    ['a string tab id', { type: 'ui→bg:preview', payload: { tabId: '4', mode: 'article' } }, 'payload.tabId: expected integer'],
    ['a negative tab id', { type: 'ui→bg:preview', payload: { tabId: -1, mode: 'article' } }, 'payload.tabId'],
    ['an unknown mode', { type: 'ui→bg:preview', payload: { tabId: 1, mode: 'all' } }, 'payload.mode: expected one of'],
    ['an extra payload field', { type: 'ui→bg:preview', payload: { tabId: 1, mode: 'article', x: 1 } }, 'payload.x: expected no such field'],
    ['no payload', { type: 'ui→bg:preview' }, 'payload: expected object'],
  ])('rejects %s', async (_label, raw, error) => {
    calls.length = 0;
    const out = await dispatch(handlers, raw, popup, self);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toContain(error);
    expect(calls).toEqual([]);
  });

  it('rejects a popup message from a content script and a content message from a page', async () => {
    const a = await dispatch(handlers, { type: 'ui→bg:preview', payload: { tabId: 1, mode: 'article' } }, contentScript, self);
    expect(a).toEqual({ ok: false, error: 'sender not allowed: ui→bg:preview must come from extension, not content-script' });
    const b = await dispatch(handlers, { type: 'content→bg:open-reader', payload: { clipId: 'c1' } }, popup, self);
    expect(b.ok).toBe(false);
    const c = await dispatch(handlers, { type: 'ui→bg:preview', payload: { tabId: 1, mode: 'article' } }, otherExtension, self);
    expect(c).toEqual({ ok: false, error: expect.stringContaining('not another extension or page') });
  });

  it('rejects a message over the size cap with a clear error', async () => {
    const out = await dispatch(handlers, { type: 'ui→bg:open-reader', payload: { clipId: 'x'.repeat(MAX_MESSAGE_CHARS) } }, popup, self);
    expect(out).toEqual({ ok: false, error: expect.stringMatching(/^message too large: 32\.0 MiB exceeds the 32 MiB limit$/) });
  });

  it('turns a throwing handler into ok: false', async () => {
    expect(await dispatch(handlers, { type: 'ui→bg:open-reader', payload: { clipId: 'c1' } }, popup, self)).toEqual({ ok: false, error: 'reader is broken' });
  });

  it('validates the clip of a save request field by field', async () => {
    const save: Handlers<'ui→bg:save'> = { 'ui→bg:save': () => ({ kind: 'duplicate', existing: [] }) };
    const base = {
      title: 't', byline: null, published: null, siteName: null, lang: null, dir: null, url: 'https://a.example/', canonicalUrl: null,
      excerpt: null, leadImage: null, html: '<p>x</p>', text: 'x', wordCount: 1, readingMinutes: 1, engine: 'nta',
    };
    const ok = await dispatch(save, { type: 'ui→bg:save', payload: { tabId: 1, clip: base, imageUrls: ['https://a.example/i.png'], onDuplicate: 'ask', updateId: null } }, popup, self);
    expect(ok.ok).toBe(true);
    const js = await dispatch(save, { type: 'ui→bg:save', payload: { tabId: 1, clip: { ...base, url: 'javascript:alert(1)' }, imageUrls: [], onDuplicate: 'ask', updateId: null } }, popup, self);
    expect(js).toEqual({ ok: false, error: expect.stringContaining('payload.clip.url: expected URL with scheme') });
    const engine = await dispatch(save, { type: 'ui→bg:save', payload: { tabId: 1, clip: { ...base, engine: 'magic' }, imageUrls: [], onDuplicate: 'ask', updateId: null } }, popup, self);
    expect(engine).toEqual({ ok: false, error: expect.stringContaining('payload.clip.engine') });
    const img = await dispatch(save, { type: 'ui→bg:save', payload: { tabId: 1, clip: base, imageUrls: ['file:///etc/passwd'], onDuplicate: 'ask', updateId: null } }, popup, self);
    expect(img).toEqual({ ok: false, error: expect.stringContaining('payload.imageUrls[0]') });
  });
});

describe('clips of pages opened from disk (file://)', () => {
  const save: Handlers<'ui→bg:save'> = { 'ui→bg:save': () => ({ kind: 'duplicate', existing: [] }) };
  const page = 'file:///home/me/Saved/Notes.html';
  const local = 'file:///home/me/Saved/Notes_files/mill.png';
  const clip = {
    title: 'Notes', byline: null, published: null, siteName: null, lang: null, dir: null, url: page, canonicalUrl: null,
    excerpt: null, leadImage: local, html: `<p>x</p><img src="${local}">`, text: 'x', wordCount: 1, readingMinutes: 1, engine: 'auto',
  };
  const send = (payload: Record<string, unknown>) => dispatch(save, { type: 'ui→bg:save', payload: { tabId: 1, onDuplicate: 'ask', updateId: null, ...payload } }, popup, self);

  // A saved page opened from disk could not be clipped: the preview said
  // "reply.clip.url: expected URL with scheme http: or https:" (e2e/clip-file.spec.ts).
  it('a file:// clip with its files beside it is accepted, as a reply and as a save', async () => {
    expect(await send({ clip, imageUrls: [local, 'https://cdn.example/a.png', 'data:image/png;base64,AA=='] })).toMatchObject({ ok: true });
    expect(() => extractReplyValidator({ kind: 'clip', clip, imageUrls: [local], extractMs: 1, hasSelection: false }, 'reply')).not.toThrow();
  });

  it('a web page never carries a file: image, lead image or canonical address', async () => {
    const web = { ...clip, url: 'https://news.example/a', leadImage: null };
    expect(await send({ clip: web, imageUrls: ['https://news.example/i.png', local] })).toEqual({ ok: false, error: expect.stringContaining('payload.imageUrls[1]: expected no file: URL on a clip of a web page') });
    expect(await send({ clip: { ...web, leadImage: local }, imageUrls: [] })).toEqual({ ok: false, error: expect.stringContaining('payload.clip.leadImage') });
    expect(await send({ clip: { ...web, canonicalUrl: page }, imageUrls: [] })).toEqual({ ok: false, error: expect.stringContaining('payload.clip.canonicalUrl') });
    expect(() => extractReplyValidator({ kind: 'clip', clip: web, imageUrls: [local], extractMs: 1, hasSelection: false }, 'reply')).toThrow('reply.imageUrls[0]');
  });

  it('other schemes stay refused for the clip address', async () => {
    for (const url of ['javascript:alert(1)', 'chrome://settings/', 'ftp://a.example/x']) {
      expect(await send({ clip: { ...clip, url, leadImage: null }, imageUrls: [] }), url).toEqual({ ok: false, error: expect.stringContaining('payload.clip.url') });
    }
  });
});

describe('cannot-clip replies', () => {
  const refusal = { kind: 'cannot-clip', code: 'too-large', message: 'This page is too large to clip.' };

  it('carry what the user can do: retry (a page still loading or busy), hasSelection (a page too large whole)', () => {
    expect(extractReplyValidator({ ...refusal, hasSelection: true }, 'reply')).toEqual({ ...refusal, hasSelection: true });
    expect(extractReplyValidator({ ...refusal, code: 'empty', retry: true }, 'reply')).toEqual({ ...refusal, code: 'empty', retry: true });
    expect(extractReplyValidator(refusal, 'reply')).toEqual(refusal);
  });

  // A page that did not answer in time was refused as 'no-access', the code of a missing site
  // permission: whatever asked "is this a permission problem?" would have said yes.
  it('say a busy page apart from a page Sift has no access to', () => {
    const busy = { kind: 'cannot-clip', code: 'busy', message: 'The page did not answer within 15 s (it may be busy).', retry: true };
    expect(extractReplyValidator(busy, 'reply')).toEqual(busy);
    expect(extractReplyValidator({ ...refusal, code: 'no-access' }, 'reply')).toEqual({ ...refusal, code: 'no-access' });
    expect(() => extractReplyValidator({ ...refusal, code: 'stuck' }, 'reply')).toThrow('reply.code');
  });

  it('take only booleans there, and no other field', () => {
    expect(() => extractReplyValidator({ ...refusal, retry: 'yes' }, 'reply')).toThrow('reply.retry');
    expect(() => extractReplyValidator({ ...refusal, hasSelection: 1 }, 'reply')).toThrow('reply.hasSelection');
    expect(() => extractReplyValidator({ ...refusal, action: 'reload' }, 'reply')).toThrow('reply.action');
  });
});

describe('request', () => {
  it('unwraps ok values and throws the receiver’s error text', async () => {
    const echo = async (e: Envelope) => dispatch(handlers, e, popup, self);
    await expect(request(echo, 'ui→bg:preview', { tabId: 1, mode: 'article' })).resolves.toMatchObject({ kind: 'cannot-clip' });
    await expect(request(echo, 'ui→bg:open-reader', { clipId: 'c' })).rejects.toThrow('reader is broken');
  });

  it('fails before sending when the request is over the cap', async () => {
    let sent = false;
    const transport = async () => {
      sent = true;
      return { ok: true, value: null };
    };
    await expect(request(transport, 'ui→bg:open-reader', { clipId: 'x'.repeat(MAX_MESSAGE_CHARS) })).rejects.toThrow(/message too large/);
    expect(sent).toBe(false);
  });

  it('reports a receiver that is not listening', async () => {
    await expect(request(async () => undefined, 'ui→bg:open-reader', { clipId: 'c' })).rejects.toThrow(/not listening/);
  });
});
