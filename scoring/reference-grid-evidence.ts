// Plain TypeScript statement of the grid score's evidence weighing (assembly/grid-evidence.ts): a
// straight or partly straight line counts by its grid's items and by how rare the line is, in
// isolation, among the file's respondents; a line over every scored grid counts in full.
import type { AggregateResult, GridEvidence } from './types.ts';
import { SCORING_VERSION } from './version.ts';

const ITEMS_NONE = 3;
const ITEMS_FULL = 7;
const SHARE_FULL = 0.015;
const SHARE_LOW = 0.06;
const CHANCE_FLOOR = 0.25;
const MIN_ROWS = 50;
const STRAIGHT = 2;
const PARTIAL = 3;

const isLine = (l: number) => l === STRAIGHT || l === PARTIAL;

/** Row i has a scored grid and every scored grid is a straight or partly straight line. */
function lineEverywhere(labels: readonly Uint8Array[], i: number): boolean {
  const scored = labels.map((c) => c[i]!).filter((l) => l !== 0);
  return scored.length > 0 && scored.every(isLine);
}

/** Per grid [rows scored, isolated straight lines, isolated straight or partly straight lines]. */
export function lineCounts(labels: readonly Uint8Array[]): number[][] {
  const n = labels[0]?.length ?? 0;
  const counts = labels.map(() => [0, 0, 0]);
  for (let i = 0; i < n; i++) {
    const isolated = !lineEverywhere(labels, i);
    labels.forEach((c, j) => {
      const l = c[i]!;
      if (l === 0) return;
      counts[j]![0]! += 1;
      if (isolated && l === STRAIGHT) counts[j]![1]! += 1;
      if (isolated && (l === STRAIGHT || l === PARTIAL)) counts[j]![2]! += 1;
    });
  }
  return counts;
}

function chanceWeight(count: number, rows: number): number {
  if (rows < MIN_ROWS) return 1;
  const p = count / rows;
  if (p <= SHARE_FULL) return 1;
  if (p >= SHARE_LOW) return CHANCE_FLOOR;
  return CHANCE_FLOOR + ((1 - CHANCE_FLOOR) * Math.log(SHARE_LOW / p)) / Math.log(SHARE_LOW / SHARE_FULL);
}

/** Per grid the weights [straight line, partly straight line], 0..1. */
export function lineWeights(items: readonly number[], counts: readonly (readonly number[])[]): number[][] {
  return items.map((k, j) => {
    const byItems = Math.max(0, Math.min(1, (k - ITEMS_NONE) / (ITEMS_FULL - ITEMS_NONE)));
    const [rows, straight, line] = counts[j]!;
    return [byItems * chanceWeight(straight!, rows!), byItems * chanceWeight(line!, rows!)];
  });
}

/**
 * IBS with the evidence weighing: (mean + min) / 2 of the weighed grid scores, a line's weight w raised
 * to w + (1 - w) (lines - 1) / (scored - 1) by the interview's other line grids.
 */
export function weighedIbs(gridScores: readonly Float64Array[], evidence: GridEvidence): AggregateResult {
  const n = gridScores[0]?.length ?? 0;
  const weights = lineWeights(evidence.items, evidence.counts ?? lineCounts(evidence.labels));
  const score = new Float64Array(n).fill(Number.NaN),
    dataPoints = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const scored = evidence.labels.map((c) => c[i]!).filter((l) => l !== 0);
    const lines = scored.filter(isLine).length;
    const joint = scored.length > 1 ? (lines - 1) / (scored.length - 1) : 1;
    const v: number[] = [];
    gridScores.forEach((c, j) => {
      const x = c[i]!;
      if (Number.isNaN(x)) return;
      const l = evidence.labels[j]![i]!;
      if (!isLine(l)) return void v.push(x);
      const w = weights[j]![l === STRAIGHT ? 0 : 1]!;
      v.push(100 - (w + (1 - w) * joint) * (100 - x));
    });
    dataPoints[i] = v.length;
    if (v.length) score[i] = (v.reduce((s, x) => s + x, 0) / v.length + Math.min(...v)) * 0.5;
  }
  return { score, dataPoints, version: SCORING_VERSION };
}
