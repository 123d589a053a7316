// Browser loader of the scoring core. Vite emits the .wasm as an asset (vite.config keeps .wasm out
// of assetsInlineLimit) and rewrites this URL; the facade is the same one the server uses.
import { loadScoring, type Scoring } from '../../scoring/index.ts';

let cached: Promise<Scoring> | undefined;

/** The scoring core for the worksheet: loaded on first use, then shared. A failed load is retried. */
export function getScoring(): Promise<Scoring> {
  cached ??= loadScoring(fetch(new URL('../../scoring/build/scoring.wasm', import.meta.url))).catch(
    (error: unknown) => {
      cached = undefined;
      throw error;
    },
  );
  return cached;
}
