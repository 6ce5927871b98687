/**
 * Bundled by extractFeatures.ts (esbuild, IIFE) and evaluated inside each benchmark page:
 * the exact feature code the classifier engine runs at extraction time, on the same shared
 * stats pass and link blocks the pipeline (src/core/extract.ts) computes.
 */
import { GATE_FEATURE_NAMES, gateFeatures } from '../src/core/engines/autoGate';
import { featureRows, leafFeatures, ntaLeafFacts, FEATURE_NAMES } from '../src/core/engines/classifierFeatures';
import type { EngineContext } from '../src/core/engines/engine';
import { ntaSelectAnnotated } from '../src/core/engines/nta';
import { collectTextLeaves } from '../src/core/engines/vsseTextLeaves';
import { vsseSelect } from '../src/core/engines/vsseSelect';
import { offeredStages, pageBaseUrl } from '../src/core/extract';
import { liveLayoutProbe } from '../src/core/layout';
import { findLinkBlocks } from '../src/core/linkBlocks';
import { resolveOptions } from '../src/core/options';
import { computeStats } from '../src/core/stats';

function features(doc: Document) {
  const t0 = performance.now();
  const options = resolveOptions({ trace: false });
  const layout = liveLayoutProbe(doc);
  const stats = computeStats(doc, layout);
  if (!stats) return { names: FEATURE_NAMES, texts: [], rows: [], ms: 0 };
  const linkBlocks = findLinkBlocks(stats, options);
  const ctx: EngineContext = { doc, stats, linkBlocks, options, layout, ...offeredStages({ stats, layout, baseUrl: pageBaseUrl(doc), options, linkBlocks }) };
  const root = stats.root;
  const leaves = collectTextLeaves(root, (el) => stats.index.has(el));
  const vsse = vsseSelect(root, leaves, null);
  const rows = featureRows(leafFeatures(root, leaves, vsse, ntaLeafFacts(ctx, leaves)));
  const ms = performance.now() - t0;
  return {
    names: FEATURE_NAMES,
    texts: leaves.map((l) => l.text),
    rows: rows.map((r) => Array.from(r, (v) => Math.round(v * 1e4) / 1e4)),
    ms,
  };
}

/**
 * Auto's gate features (autoGate.ts) of the page, from NTA's selection on the same stats
 * pass and link blocks: the exact values the auto engine's gate reads (training/gate.py).
 * Null when NTA selects nothing (Auto then always runs in full).
 */
function gate(doc: Document) {
  const options = resolveOptions({ trace: false });
  const layout = liveLayoutProbe(doc);
  const stats = computeStats(doc, layout);
  if (!stats) return { gateNames: GATE_FEATURE_NAMES, gate: null };
  const linkBlocks = findLinkBlocks(stats, options);
  const nta = ntaSelectAnnotated({ doc, stats, linkBlocks, options, layout });
  const f = gateFeatures(stats, linkBlocks, nta);
  return { gateNames: GATE_FEATURE_NAMES, gate: f ? Array.from(f) : null };
}

(globalThis as unknown as { SiftTrain: unknown }).SiftTrain = { features, gate };
