import { render } from 'preact';
import type { ClipMode } from '../shared/messages';
import { App } from './App';
import { browserPopupApi, resolveTabId, type PreviewChoice } from './api';

/**
 * The toolbar popup, also reachable as `popup.html?tabId=N[&mode=selection|fullpage]`
 * (the automation entry and the window the context menu opens): the same code path
 * either way, only the tab id comes from the query instead of the active tab.
 */
const MODES: readonly ClipMode[] = ['article', 'article-anyway', 'selection', 'fullpage'];

function modeFrom(search: string): ClipMode {
  const mode = new URLSearchParams(search).get('mode');
  return MODES.includes(mode as ClipMode) ? (mode as ClipMode) : 'article';
}

/** When the popup's script began running (ms since its document started), for the latency report. */
const scriptStartMs = Math.round(performance.now());

async function start(): Promise<void> {
  document.documentElement.dataset.scriptStartMs = String(scriptStartMs);
  // The toolbar popup sizes itself to its content (up to 800 px); in a window or tab (a
  // tabId in the query) the page must fit the width it is given (popup.css, compare view).
  document.documentElement.dataset.host = new URLSearchParams(location.search).has('tabId') ? 'window' : 'toolbar';
  const root = document.getElementById('app');
  if (!root) return;
  // The e2e helper opens the popup with ?inspect=1 only to read IndexedDB from an extension page.
  if (new URLSearchParams(location.search).has('inspect')) return;
  const tabId = await resolveTabId(location.search);
  if (tabId === null) {
    root.textContent = 'Sift could not find the tab to clip.';
    return;
  }
  const markAnswered = () => {
    // Popup open → first answer on screen, in ms since the popup document started.
    requestAnimationFrame(() => {
      document.documentElement.dataset.previewMs = String(Math.round(performance.now()));
    });
  };
  const api = browserPopupApi(tabId);
  const timedApi = {
    ...api,
    // Where the preview time goes, for the e2e latency report: the whole round trip vs the core's share.
    preview: async (mode: ClipMode, choice?: PreviewChoice) => {
      const sent = performance.now();
      const reply = await api.preview(mode, choice);
      document.documentElement.dataset.roundTripMs = String(Math.round(performance.now() - sent));
      if (reply.kind === 'clip') document.documentElement.dataset.extractMs = String(reply.extractMs);
      return reply;
    },
  };
  const mode = modeFrom(location.search);
  render(<App api={timedApi} initialMode={mode} initialPreview={timedApi.preview(mode)} onFirstAnswer={markAnswered} />, root);
}

void start();
