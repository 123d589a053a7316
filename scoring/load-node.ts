// Server-side loading of the scoring core (Bun or Node): reads scoring/build/scoring.wasm from disk.
// Kept apart from index.ts so the browser bundle never sees node: imports.
import { readFile } from 'node:fs/promises';
import { loadScoring, type Scoring } from './index.ts';

/** Location of the built core, resolved from this file so the working directory does not matter. */
export const WASM_URL = new URL('./build/scoring.wasm', import.meta.url);

let cached: Promise<Scoring> | undefined;

/** Loads the scoring core from scoring/build/scoring.wasm once per process. */
export function loadScoringFromDisk(): Promise<Scoring> {
  cached ??= readFile(WASM_URL).then((bytes) => loadScoring(bytes));
  return cached;
}
