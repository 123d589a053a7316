// Instantiating the scoring .wasm and checking its version: shared by the whole facade (index.ts) and
// by callers that need only the numeric kernels (the researcher command line's `indices`), which so
// skip loading the open-ended classifier, its word lists and the pipelines. No node: imports.
import type { ScoringExports } from './wasm-memory.ts';
import { WasmHeap } from './wasm-memory.ts';
import { WasmScoring } from './wasm-scoring.ts';
import { SCORING_VERSION } from './version.ts';
import { compileScoringWasm, type ScoringSource } from './wasm-compile.ts';

export type { ScoringSource } from './wasm-compile.ts';

async function instantiate(source: ScoringSource): Promise<WebAssembly.Instance> {
  const imports = {
    env: {
      abort(): never {
        throw new Error('scoring: WASM abort');
      },
    },
  };
  const module = await compileScoringWasm(source);
  return WebAssembly.instantiate(module, imports);
}

/**
 * The exports of a new instance of the scoring core. Throws when the .wasm was built from other
 * sources than these TypeScript files expect.
 */
export async function instantiateScoring(source: ScoringSource): Promise<ScoringExports> {
  const instance = await instantiate(source);
  const exports = instance.exports as unknown as ScoringExports;
  const built = String(exports.SCORING_VERSION.value);
  if (built !== SCORING_VERSION) {
    throw new Error(
      `scoring: .wasm is version ${built}, facade expects ${SCORING_VERSION}; rebuild with npm run build:scoring`,
    );
  }
  return exports;
}

/** The numeric kernels alone (no open-ended classifier, no pipelines) on a new instance. */
export async function loadNumericScoring(source: ScoringSource): Promise<WasmScoring> {
  return new WasmScoring(new WasmHeap(await instantiateScoring(source)));
}
