import { BASELINE } from '../engines';
import type { BenchReport, EngineStats } from '../report';
import type { RunSummary } from '../runner';

/**
 * bench/gate/floors.json: what the gate holds the core to. Floors only go up; a floor is
 * lowered (or the time ceiling raised) only with a note on an issue that explains why,
 * recorded in `changes`.
 */
export interface F1Floors {
  shingleF1?: number;
  bowF1?: number;
  snippetF1?: number;
}

export interface GateFloors {
  policy: string;
  engine: string;
  datasets: Record<string, { overall: F1Floors; byType: Record<string, F1Floors> }>;
  ceilings: {
    /** Engine's total in-page time over the subset ÷ Readability's, on pages both timed. */
    timeRatioToReadability: number;
    /** Pages where the engine failed (exception, timeout, crash). */
    errors: number;
  };
  measured?: unknown;
  changes: { date: string; who: string; what: string; why: string }[];
}

export interface GateCheck {
  name: string;
  measured: number | null;
  limit: number;
  kind: 'floor' | 'ceiling';
  ok: boolean;
}

/** Deterministic scores are compared exactly; EPS only absorbs float printing. */
const EPS = 1e-9;

function pickF1(s: EngineStats, key: keyof F1Floors): number | null {
  if (key === 'shingleF1') return s.shingle?.f1 ?? null;
  if (key === 'bowF1') return s.bow?.f1 ?? null;
  return s.snippets?.f1 ?? null;
}

/** Engine total time ÷ baseline total time over pages where both have a time. */
export function timeRatio(summary: Pick<RunSummary, 'results'>, engine: string): number | null {
  let a = 0;
  let b = 0;
  for (const r of summary.results) {
    const x = r.outcomes.get(engine);
    const y = r.outcomes.get(BASELINE);
    if (x && y && x.error === null && y.error === null && x.ms !== null && y.ms !== null) {
      a += x.ms;
      b += y.ms;
    }
  }
  return b > 0 ? a / b : null;
}

export function checkGate(report: BenchReport, summary: Pick<RunSummary, 'results'>, floors: GateFloors): GateCheck[] {
  const checks: GateCheck[] = [];
  const engine = floors.engine;
  for (const [name, f] of Object.entries(floors.datasets)) {
    const d = report.datasets.find((x) => x.name === name);
    const scopes: [string, F1Floors, EngineStats | undefined][] = [
      ['overall', f.overall, d?.engines[engine]?.overall],
      ...Object.entries(f.byType).map(([t, ff]): [string, F1Floors, EngineStats | undefined] => [t, ff, d?.engines[engine]?.byType[t]]),
    ];
    for (const [scope, ff, stats] of scopes) {
      for (const key of ['shingleF1', 'bowF1', 'snippetF1'] as const) {
        const limit = ff[key];
        if (limit === undefined) continue;
        const measured = stats ? pickF1(stats, key) : null;
        checks.push({ name: `${name} ${scope} ${key}`, measured, limit, kind: 'floor', ok: measured !== null && measured >= limit - EPS });
      }
    }
  }
  const ratio = timeRatio(summary, engine);
  checks.push({ name: `time ratio ${engine} ÷ ${BASELINE}`, measured: ratio, limit: floors.ceilings.timeRatioToReadability, kind: 'ceiling', ok: ratio !== null && ratio <= floors.ceilings.timeRatioToReadability });
  const errors = report.datasets.reduce((s, d) => s + (d.engines[engine]?.overall.errors ?? 0), 0);
  checks.push({ name: `${engine} errors`, measured: errors, limit: floors.ceilings.errors, kind: 'ceiling', ok: errors <= floors.ceilings.errors });
  return checks;
}

/** Floors from a measured run: truncated to 3 decimals, so just below what was measured. */
export function floorsFromReport(report: BenchReport, engine: string): GateFloors['datasets'] {
  const trunc = (x: number | null) => (x === null ? undefined : Math.floor(x * 1000) / 1000);
  const pick = (s: EngineStats): F1Floors => {
    const f: F1Floors = {};
    const sh = trunc(s.shingle?.f1 ?? null);
    const bow = trunc(s.bow?.f1 ?? null);
    const sn = trunc(s.snippets?.f1 ?? null);
    if (sh !== undefined) f.shingleF1 = sh;
    if (bow !== undefined) f.bowF1 = bow;
    if (sn !== undefined) f.snippetF1 = sn;
    return f;
  };
  return Object.fromEntries(
    report.datasets.map((d) => [d.name, { overall: pick(d.engines[engine]!.overall), byType: Object.fromEntries(d.types.map((t) => [t, pick(d.engines[engine]!.byType[t]!)])) }]),
  );
}

/** Merge measured floors into pinned ones without ever lowering one. */
export function raiseFloors(pinned: GateFloors['datasets'], measured: GateFloors['datasets']): { floors: GateFloors['datasets']; raised: string[] } {
  const floors = structuredClone(pinned);
  const raised: string[] = [];
  const merge = (target: F1Floors, from: F1Floors, label: string) => {
    for (const key of ['shingleF1', 'bowF1', 'snippetF1'] as const) {
      const v = from[key];
      if (v === undefined) continue;
      if (target[key] === undefined || v > target[key]!) {
        raised.push(`${label} ${key}: ${target[key] ?? '—'} → ${v}`);
        target[key] = v;
      }
    }
  };
  for (const [name, m] of Object.entries(measured)) {
    const t = (floors[name] ??= { overall: {}, byType: {} });
    merge(t.overall, m.overall, `${name} overall`);
    for (const [type, f] of Object.entries(m.byType)) merge((t.byType[type] ??= {}), f, `${name} ${type}`);
  }
  return { floors, raised };
}
