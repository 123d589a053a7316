// Browser loader of the scoring core: the .wasm compiled by scoring-wasm.ts (which a Worker may have
// started before this module was evaluated), instantiated with the facade the server uses.
import { loadScoring, type Scoring } from '../../scoring/index.ts';
import { compiledScoringWasm } from './scoring-wasm.ts';

let cached: Promise<Scoring> | undefined;

/** The scoring core for the worksheet: loaded on first use, then shared. A failed load is retried. */
export function getScoring(): Promise<Scoring> {
  cached ??= loadScoring(compiledScoringWasm()).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
