/**
 * Bundled by extractFeatures.ts (esbuild, IIFE) and evaluated inside each benchmark page:
 * the exact feature code the classifier engine runs at extraction time.
 */
import { leafFeatures, liveGeometry, FEATURE_NAMES } from '../src/core/engines/classifierFeatures';
import { collectTextLeaves } from '../src/core/engines/vsseTextLeaves';
import { vsseSelect } from '../src/core/engines/vsseSelect';
import { vsseSummary } from '../src/core/engines/vssePage';
import { liveLayoutProbe } from '../src/core/layout';

function features(doc: Document) {
  const t0 = performance.now();
  const root = doc.body;
  if (!root) return { names: FEATURE_NAMES, texts: [], rows: [], ms: 0 };
  const layout = liveLayoutProbe(doc);
  const leaves = collectTextLeaves(root, (el) => layout.isRendered(el));
  const vsse = vsseSelect(root, leaves, vsseSummary(doc));
  const rows = leafFeatures(root, leaves, vsse, liveGeometry(doc));
  const ms = performance.now() - t0;
  return {
    names: FEATURE_NAMES,
    texts: leaves.map((l) => l.text),
    rows: rows.map((r) => Array.from(r, (v) => Math.round(v * 1e4) / 1e4)),
    ms,
  };
}

(globalThis as unknown as { SiftTrain: unknown }).SiftTrain = { features };
