// Shared test setup: builds the .wasm when it is missing or older than its sources (so the suite
// also runs from a clean tree), then loads it through the server-side loader.
import { ensureScoringBuilt } from './scoring-build.ts';
import { loadScoringFromDisk } from '../../scoring/load-node.ts';
import { reference } from '../../scoring/reference.ts';
import { DEFAULT_RULES, type NumericScoring, type PipelineResult } from '../../scoring/index.ts';

ensureScoringBuilt();

export const scoring = await loadScoringFromDisk();

/** Both implementations, so every vector checks the WASM core and the reference alike. */
export const implementations: [string, NumericScoring][] = [
  ['wasm', scoring],
  ['reference', reference],
];

export const col = (...v: number[]) => Float64Array.from(v);

/** One single-row grid per answer vector: one column per item. */
export const rowAsColumns = (row: number[]) => row.map((v) => Float64Array.of(v));

/** Many rows given row-wise, as one column per item. */
export function rowsAsColumns(rows: number[][]): Float64Array[] {
  const k = Math.max(...rows.map((r) => r.length));
  return Array.from({ length: k }, (_, j) => Float64Array.from(rows, (r) => r[j] ?? NaN));
}

export const NA = Number.NaN;

/** Per row 1 when the default cleaning rules remove it, from a pipeline result's combined, grid and consistency scores. */
export const removedByDefaultRules = (r: PipelineResult, n: number) =>
  scoring
    .clean(
      {
        rows: n,
        scores: { combined: r.combined, ibs: r.ibs, con: r.consistency },
        dataPoints: { ibs: r.ibsDataPoints, con: r.consistencyDataPoints },
      },
      DEFAULT_RULES,
    )
    .kept.map((k) => 1 - k);
