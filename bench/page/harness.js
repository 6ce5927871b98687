/*
 * Runs inside the benchmark page (evaluated over CDP after load, never timed itself).
 * Plain JavaScript on purpose: Playwright serialises functions with toString(), and a
 * TypeScript transform can add helpers the page does not have.
 *
 * Each runtime returns {text, ms, error}; ms covers only the engine call, measured with
 * performance.now() in the page, after a forced garbage collection (--expose-gc) so one
 * engine's garbage is not collected on the next engine's clock.
 */
(() => {
  const runtimes = {
    /** The Sift core IIFE: Sift.extract(document, options?) → Clip | null, scored on clip.text. */
    sift(options) {
      const sift = globalThis.Sift;
      if (!sift || typeof sift.extract !== 'function') throw new Error('Sift core not loaded (build/sift-core.iife.js)');
      const t0 = performance.now();
      const result = options ? sift.extract(document, options) : sift.extract(document);
      const ms = performance.now() - t0;
      // Tolerate the ExtractResult shape too ({ok, clip}), so the bench keeps working if the API moves.
      const clip = result && typeof result === 'object' && 'ok' in result ? (result.ok ? result.clip : null) : result;
      return { text: clip && typeof clip.text === 'string' ? clip.text : '', ms };
    },
    /** Mozilla Readability 0.6 on a clone (it mutates what it gets); the clone is on the clock. */
    readability(options) {
      const R = globalThis.Readability;
      if (typeof R !== 'function') throw new Error('Readability not loaded');
      const t0 = performance.now();
      const article = new R(document.cloneNode(true), options || {}).parse();
      const ms = performance.now() - t0;
      return { text: article && typeof article.textContent === 'string' ? article.textContent : '', ms };
    },
  };

  if (globalThis.__siftBench) return;
  Object.defineProperty(globalThis, '__siftBench', {
    configurable: false,
    value: Object.freeze({
      run(runtime, options) {
        const fn = runtimes[runtime];
        if (!fn) return { text: '', ms: null, error: `unknown runtime ${runtime}` };
        if (typeof globalThis.gc === 'function') globalThis.gc();
        try {
          const out = fn(options);
          return { text: out.text, ms: out.ms, error: null };
        } catch (e) {
          return { text: '', ms: null, error: String((e && e.stack) || e).slice(0, 2000) };
        }
      },
      /** Facts the runner checks about the page itself. */
      probe() {
        // Force style and layout now, so the first engine does not pay for the page's first layout.
        const h = document.documentElement ? document.documentElement.getBoundingClientRect().height : 0;
        return { charset: document.characterSet, url: location.href, height: h, elements: document.getElementsByTagName('*').length };
      },
    }),
  });
})();
