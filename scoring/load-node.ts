// Server-side loading of the scoring core (Bun or Node): reads scoring/build/scoring.wasm from disk.
// Kept apart from index.ts so the browser bundle never sees node: imports. The facade is imported
// when first loaded, so a caller of the numeric kernels alone never loads the open-ended classifier.
import { readFile } from 'node:fs/promises';
import type { Scoring } from './index.ts';
import { loadNumericScoring } from './wasm-instance.ts';
import type { WasmScoring } from './wasm-scoring.ts';

/** Location of the built core, resolved from this file so the working directory does not matter. */
export const WASM_URL = new URL('./build/scoring.wasm', import.meta.url);

let cached: Promise<Scoring> | undefined;

/** Loads the scoring core from scoring/build/scoring.wasm once per process. */
export function loadScoringFromDisk(): Promise<Scoring> {
  cached ??= Promise.all([readFile(WASM_URL), import('./index.ts')]).then(([bytes, facade]) =>
    facade.loadScoring(bytes),
  );
  return cached;
}

/** A new instance of the core with the numeric kernels alone (e.g. the careless-responding indices). */
export async function loadNumericScoringFromDisk(): Promise<WasmScoring> {
  return loadNumericScoring(await readFile(WASM_URL));
}
