import type { EngineName } from '../types';
import { autoEngine } from './auto';
import { classifierEngine } from './classifier';
import type { Engine } from './engine';
import { ntaEngine } from './nta';
import { vsseEngine } from './vsse';

/**
 * The engine registry: one line per engine (like Refined GitHub's feature list).
 * Engines added later (vsse, classifier, auto) register here.
 */
export const engines: Partial<Record<EngineName, Engine>> = {
  nta: ntaEngine,
  vsse: vsseEngine,
  classifier: classifierEngine,
  auto: autoEngine,
};

export function getEngine(name: EngineName | undefined): Engine | null {
  return engines[name ?? 'nta'] ?? null;
}
