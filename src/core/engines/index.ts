import type { EngineName } from '../types';
import type { Engine } from './engine';
import { ntaEngine } from './nta';

/**
 * The engine registry: one line per engine (like Refined GitHub's feature list).
 * Engines added later (vsse, classifier, auto) register here.
 */
export const engines: Partial<Record<EngineName, Engine>> = {
  nta: ntaEngine,
};

export function getEngine(name: EngineName | undefined): Engine | null {
  return engines[name ?? 'nta'] ?? null;
}
