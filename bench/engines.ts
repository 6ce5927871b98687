import { READABILITY_JS, SIFT_IIFE } from './paths';

/**
 * Engine registry. An engine is a runtime (the script that runs in the page) plus options
 * for it; adding an engine is one line in ENGINES. The Sift core's engines are options of
 * the same IIFE: `Sift.extract(document, {engine: 'vsse'})`.
 */
export type Runtime = 'sift' | 'readability';

export interface EngineSpec {
  runtime: Runtime;
  /** Passed as the engine call's options object (the sift runtime omits it when absent). */
  options?: Record<string, unknown>;
  description: string;
}

export const ENGINES: Record<string, EngineSpec> = {
  sift: { runtime: 'sift', description: 'Sift core, default engine (NTA + link blocks)' },
  readability: { runtime: 'readability', description: 'Mozilla Readability 0.6.0 on document.cloneNode(true)' },
  vsse: { runtime: 'sift', options: { engine: 'vsse' }, description: 'Sift core, VSSE engine' },
  classifier: { runtime: 'sift', options: { engine: 'classifier' }, description: 'Sift core, classifier engine' },
  auto: { runtime: 'sift', options: { engine: 'auto' }, description: 'Sift core, auto (combined) engine' },
};

/** The baseline every ratio is taken against; always part of a run. */
export const BASELINE = 'readability';

/**
 * Script file each runtime needs in the page, and the global it declares. Playwright
 * evaluates our source inside a function, so a top-level `function Readability` would stay
 * local: `global` names what to copy onto globalThis.
 */
export const RUNTIME_SCRIPTS: Record<Runtime, { file: () => string; global: string }> = {
  sift: { file: () => SIFT_IIFE, global: 'Sift' },
  readability: { file: () => READABILITY_JS, global: 'Readability' },
};

/**
 * Engines to run, in the order asked, with the baseline added if missing. `extraOptions`
 * (from --sift-options) is merged into every sift-runtime engine, e.g. to prove the gate
 * fails when an option degrades output.
 */
export function selectEngines(names: readonly string[], extraOptions?: Record<string, unknown>): Map<string, EngineSpec> {
  const out = new Map<string, EngineSpec>();
  for (const name of [...names, BASELINE]) {
    if (out.has(name)) continue;
    const spec = ENGINES[name];
    if (!spec) throw new Error(`unknown engine "${name}" (known: ${Object.keys(ENGINES).join(', ')})`);
    out.set(name, extraOptions && spec.runtime === 'sift' ? { ...spec, options: { ...spec.options, ...extraOptions } } : spec);
  }
  return out;
}
