import browser from 'webextension-polyfill';
import { dispatch, request, type Envelope, type Handlers } from '../shared/messages';
import { sampleEngine } from './engineSample';
import { extractFromPage } from './extract';
import { fetchImageInPage } from './images';
import { showToast } from './toast';

/**
 * The content script, injected on demand (scripting.executeScript) when the user clips;
 * Sift never runs in pages it was not asked to clip. Injection may repeat on the same
 * page, so the listener is registered once per isolated world.
 */
declare global {
  var __siftContentReady: boolean | undefined;
}

const self = { extensionId: browser.runtime.id, extensionOrigin: browser.runtime.getURL('') };

const handlers: Handlers<'bg→content:ping' | 'bg→content:extract' | 'bg→content:sample-engine' | 'bg→content:fetch-image' | 'bg→content:toast'> = {
  'bg→content:ping': () => 'pong',
  'bg→content:extract': ({ mode, kind, engine }) => extractFromPage(document, mode, kind, engine),
  'bg→content:sample-engine': ({ engine, notAfter }) => sampleEngine(document, engine, notAfter),
  'bg→content:fetch-image': ({ url, maxBytes, timeoutMs }) => fetchImageInPage(document, url, { maxBytes, timeoutMs }),
  'bg→content:toast': (toast) => {
    if (toast.kind !== 'saved') showToast(document, toast);
    else {
      const { clipId, title, warning } = toast;
      showToast(document, {
        kind: 'saved',
        title,
        warning,
        onOpen: () => void request((e: Envelope) => browser.runtime.sendMessage(e), 'content→bg:open-reader', { clipId }),
      });
    }
    return null;
  },
};

if (!globalThis.__siftContentReady) {
  globalThis.__siftContentReady = true;
  browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => dispatch(handlers, message, sender, self));
}
