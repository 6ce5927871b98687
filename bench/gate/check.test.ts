import { describe, expect, it } from 'vitest';
import type { EngineOutcome } from '../browser';
import type { Dataset } from '../dataset';
import type { EngineSpec } from '../engines';
import { buildReport } from '../report';
import type { PageResult, RunSummary } from '../runner';
import { checkGate, floorsFromReport, raiseFloors, type GateFloors } from './check';

/** A two-page run built from texts, scored by the real report code. */
function run(siftTexts: string[], siftMs = 10, readabilityMs = 10): { report: ReturnType<typeof buildReport>; summary: RunSummary } {
  const truths = ['alpha beta gamma delta epsilon zeta eta theta', 'one two three four five six seven eight'];
  const dataset: Dataset = {
    name: 'toy',
    dir: '/nowhere',
    records: truths.map((text, i) => ({ id: String(i), url: null, type: i ? 'forum' : 'article', text, with: ['alpha beta'], without: ['nav menu'], title: null, author: null, date: null, site: null })),
  };
  const results: PageResult[] = dataset.records.map((record, i) => ({
    datasetIndex: 0,
    record,
    outcomes: new Map<string, EngineOutcome>([
      ['sift', { text: siftTexts[i]!, ms: siftMs, error: null }],
      ['readability', { text: truths[i]!, ms: readabilityMs, error: null }],
    ]),
    charset: 'UTF-8',
    expectedCharset: 'utf-8',
    phases: { load: 0, inject: 0, layout: 0, engines: 0 },
  }));
  const summary: RunSummary = { results, wallMs: 1, browserVersion: 'x', concurrency: 1, blockedRequests: 0, blockedHosts: 0, charsetMismatches: [] };
  const engines = new Map<string, EngineSpec>([
    ['sift', { runtime: 'sift', description: '' }],
    ['readability', { runtime: 'readability', description: '' }],
  ]);
  return { report: buildReport([dataset], summary, engines), summary };
}

const GOOD = ['alpha beta gamma delta epsilon zeta eta theta', 'one two three four five six seven eight'];

function pinned(): GateFloors {
  const { report } = run(GOOD);
  return { policy: '', engine: 'sift', datasets: floorsFromReport(report, 'sift'), ceilings: { timeRatioToReadability: 1.5, errors: 0 }, changes: [] };
}

describe('quality gate', () => {
  it('passes the run its floors were measured on', () => {
    const { report, summary } = run(GOOD);
    expect(checkGate(report, summary, pinned()).filter((c) => !c.ok)).toEqual([]);
  });

  it('fails when extraction gets worse on one page type', () => {
    const { report, summary } = run([GOOD[0]!, 'nav menu one two three four']);
    const failed = checkGate(report, summary, pinned()).filter((c) => !c.ok).map((c) => c.name);
    expect(failed).toContain('toy overall shingleF1');
    expect(failed).toContain('toy forum shingleF1');
    expect(failed).toContain('toy overall snippetF1');
    expect(failed).not.toContain('toy article shingleF1');
  });

  it('fails when Sift gets slower than the ceiling allows, or errors', () => {
    const slow = run(GOOD, 20, 10);
    expect(checkGate(slow.report, slow.summary, pinned()).find((c) => c.name.startsWith('time ratio'))!.ok).toBe(false);
    const broken = run(GOOD);
    broken.summary.results[0]!.outcomes.set('sift', { text: '', ms: null, error: 'boom' });
    const report = buildReport([{ name: 'toy', dir: '/nowhere', records: broken.summary.results.map((r) => r.record) }], broken.summary, new Map([
      ['sift', { runtime: 'sift', description: '' }],
      ['readability', { runtime: 'readability', description: '' }],
    ]));
    expect(checkGate(report, broken.summary, pinned()).find((c) => c.name === 'sift errors')!.ok).toBe(false);
  });

  it('raising floors never lowers one', () => {
    const high = pinned().datasets;
    const { report } = run([GOOD[0]!, 'one two three']);
    const { floors, raised } = raiseFloors(high, floorsFromReport(report, 'sift'));
    expect(floors).toEqual(high);
    expect(raised).toEqual([]);
    const { floors: up, raised: r2 } = raiseFloors({ toy: { overall: { shingleF1: 0.1 }, byType: {} } }, high);
    expect(up.toy!.overall.shingleF1).toBe(high.toy!.overall.shingleF1);
    expect(r2.length).toBeGreaterThan(0);
  });
});
