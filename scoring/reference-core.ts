// Plain TypeScript versions of the time, grid and index kernels: the differential-test oracle for the
// WASM core. Written for clarity (sorts, maps) rather than speed; the maths must match exactly.
import type { ColumnMajor, MatrixInput } from './types.ts';

/** -999 and NaN are missing. */
export const isMissing = (v: number): boolean => Number.isNaN(v) || v === -999;

/** Any matrix input as one column-major array. */
export function toColumnMajor(m: MatrixInput): ColumnMajor {
  if (!Array.isArray(m)) return m as ColumnMajor;
  const cols = m as readonly Float64Array[];
  const rows = cols[0]?.length ?? 0;
  const data = new Float64Array(rows * cols.length);
  cols.forEach((c, j) => data.set(c, j * rows));
  return { rows, cols: cols.length, data };
}

/** Row i of a column-major matrix, as written (missing values included). */
export function rowOf(m: ColumnMajor, i: number): number[] {
  const out: number[] = [];
  for (let j = 0; j < m.cols; j++) out.push(m.data[j * m.rows + i]!);
  return out;
}

/** Time score f(r), piecewise linear in the duration's share r of the median. */
export function timeScoreOf(r: number): number {
  if (Number.isNaN(r)) return NaN;
  if (r < 0.1) return 0;
  if (r < 0.5) return (50 * (r - 0.1)) / 0.4;
  if (r < 0.8) return 50 + (30 * (r - 0.5)) / 0.3;
  if (r < 1.0) return 80 + (20 * (r - 0.8)) / 0.2;
  if (r <= 2.0) return 100;
  if (r <= 4.0) return 100 - (20 * (r - 2.0)) / 2.0;
  if (r <= 10.0) return 80 - (30 * (r - 4.0)) / 6.0;
  return 50;
}

/** Median by sorting; mean of the two middle values for an even count. */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h]! : (s[h - 1]! + s[h]!) * 0.5;
}

/**
 * Share of the differences of x that continue a walk of single steps on the scale lo..hi (3+ codes): a
 * stair that wraps around the scale (+1, or from the top code to the bottom one; likewise downwards),
 * or a zigzag that turns only at the scale's ends. 0 on an unbounded scale.
 */
export function walkShare(x: readonly number[], lo: number, hi: number): number {
  const span = hi - lo;
  if (!(span >= 2 && span < Infinity) || x.length < 2) return 0;
  let up = 0,
    down = 0,
    bounce = 0;
  for (let i = 0; i + 1 < x.length; i++) {
    const d = x[i + 1]! - x[i]!;
    if (d === 1 || d === -span) up++;
    if (d === -1 || d === span) down++;
    const turnsAtEnd = x[i] === lo || x[i] === hi;
    if ((d === 1 || d === -1) && (i === 0 || d * (x[i]! - x[i - 1]!) > 0 || turnsAtEnd)) bounce++;
  }
  return Math.max(up, down, bounce) / (x.length - 1);
}

/**
 * Grid score and label index (0 none, 1 OK, 2 Straightliner, 3 Partial, 4 Pattern) of valid answers x
 * (at least 5) on the scale lo..hi (infinite: unbounded, no walks).
 */
export function scoreGrid(
  x: number[],
  patterns = true,
  lo = -Infinity,
  hi = Infinity,
): { score: number; label: number } {
  const n = x.length;
  if (n < 5) return { score: NaN, label: 0 };
  const m = n - 1;
  const d = x.slice(1).map((v, i) => v - x[i]!);
  const changes = d.filter((v) => v !== 0).length;
  const c = changes / m;
  if (changes === 0) return { score: 0, label: 2 };
  if (c < 0.35) return { score: 30 + (40 * c) / 0.35, label: 3 };
  // Patterns only from 7 answers: in 5 or 6 a period or a step is too often chance.
  if (!patterns || n < 7) return { score: 100, label: 1 };
  let best = 0;
  for (let p = 2; p <= Math.min(6, n >> 1); p++) {
    let same = 0;
    for (let i = p; i < n; i++) if (x[i] === x[i - p]) same++;
    best = Math.max(best, same / (n - p));
  }
  const counts = new Map<number, number>();
  for (const v of d) if (v !== 0) counts.set(v, (counts.get(v) ?? 0) + 1);
  const s = Math.max(0, ...counts.values()) / m;
  const r = Math.max(best, s, walkShare(x, lo, hi));
  if (r < 0.7) return { score: 100, label: 1 };
  return { score: 100 - (90 * (r - 0.7)) / 0.3, label: 4 };
}

/** Sample covariance (n - 1) and correlation of two columns over their pairwise-complete rows. */
export function pairStats(a: ArrayLike<number>, b: ArrayLike<number>): { cov: number; corr: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < a.length; i++) {
    if (isMissing(a[i]!) || isMissing(b[i]!)) continue;
    xs.push(a[i]!);
    ys.push(b[i]!);
  }
  if (xs.length < 2) return { cov: NaN, corr: NaN };
  const ma = xs.reduce((s, v) => s + v, 0) / xs.length;
  const mb = ys.reduce((s, v) => s + v, 0) / ys.length;
  let sab = 0,
    saa = 0,
    sbb = 0;
  xs.forEach((v, i) => {
    sab += (v - ma) * (ys[i]! - mb);
    saa += (v - ma) * (v - ma);
    sbb += (ys[i]! - mb) * (ys[i]! - mb);
  });
  return { cov: sab / (xs.length - 1), corr: saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : NaN };
}

/** Pearson correlation of two equally long lists; NaN on zero variance. */
export function correlation(u: number[], v: number[]): number {
  const mu = u.reduce((s, x) => s + x, 0) / u.length;
  const mv = v.reduce((s, x) => s + x, 0) / v.length;
  let suv = 0,
    suu = 0,
    svv = 0;
  u.forEach((x, i) => {
    const a = x - mu,
      b = v[i]! - mv;
    suv += a * b;
    suu += a * a;
    svv += b * b;
  });
  return suu > 0 && svv > 0 ? suv / Math.sqrt(suu * svv) : NaN;
}

function lnGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
  x -= 1;
  const g = [
    676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  let a = 0.99999999999980993;
  const t = x + 7.5;
  g.forEach((c, i) => (a += c / (x + i + 1)));
  return 0.9189385332046727 + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

function gammaP(a: number, x: number): number {
  if (x <= 0) return 0;
  const gln = lnGamma(a);
  if (x < a + 1) {
    let ap = a,
      sum = 1 / a,
      del = sum;
    for (let n = 0; n < 1000; n++) {
      ap += 1;
      del *= x / ap;
      sum += del;
      if (Math.abs(del) < Math.abs(sum) * 1e-16) break;
    }
    return sum * Math.exp(-x + a * Math.log(x) - gln);
  }
  let b = x + 1 - a,
    c = 1e300,
    d = 1 / b,
    h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-16) break;
  }
  return 1 - Math.exp(-x + a * Math.log(x) - gln) * h;
}

/** Chi-square quantile by bisection on the regularised incomplete gamma function. */
export function chiSquareQuantile(p: number, df: number): number {
  if (df <= 0) return NaN;
  let lo = 0,
    hi = Math.max(1, df);
  while (gammaP(df * 0.5, hi * 0.5) < p) hi *= 2;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) * 0.5;
    if (mid === lo || mid === hi) break;
    if (gammaP(df * 0.5, mid * 0.5) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) * 0.5;
}

/** Squared Mahalanobis distances (see the WASM kernel for the treatment of missing and singular data). */
export function mahalanobis(
  m: ColumnMajor,
  confidence: number,
): { d2: Float64Array; flag: Float64Array; rank: number } {
  const { rows: n, cols: k, data } = m;
  const col = (j: number) => data.subarray(j * n, (j + 1) * n);
  const means = Array.from({ length: k }, (_, j) => {
    const v = Array.from(col(j)).filter((x) => !isMissing(x));
    return v.length ? v.reduce((s, x) => s + x, 0) / v.length : 0;
  });
  const cov = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (let a = 0; a < k; a++) {
    for (let b = 0; b <= a; b++) {
      const c = pairStats(col(a), col(b)).cov;
      cov[a]![b] = cov[b]![a] = Number.isNaN(c) ? 0 : c;
    }
  }
  const maxDiag = Math.max(0, ...cov.map((r, j) => r[j]!));
  const L = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const keep: boolean[] = [];
  let rank = 0;
  for (let j = 0; j < k; j++) {
    let d = cov[j]![j]!;
    for (let t = 0; t < j; t++) if (keep[t]) d -= L[j]![t]! * L[j]![t]!;
    keep[j] = maxDiag > 0 && d > 1e-9 * maxDiag;
    if (!keep[j]) continue;
    rank++;
    const ljj = Math.sqrt(d);
    L[j]![j] = ljj;
    for (let r = j + 1; r < k; r++) {
      let s = cov[r]![j]!;
      for (let t = 0; t < j; t++) if (keep[t]) s -= L[r]![t]! * L[j]![t]!;
      L[r]![j] = s / ljj;
    }
  }
  const crit = rank > 0 ? chiSquareQuantile(confidence, rank) : NaN;
  const d2 = new Float64Array(n),
    flag = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const row = rowOf(m, i);
    if (row.every(isMissing)) {
      d2[i] = flag[i] = NaN;
      continue;
    }
    const z = row.map((v, j) => (isMissing(v) ? 0 : v - means[j]!));
    const y: number[] = [];
    let sum = 0;
    for (let j = 0; j < k; j++) {
      if (!keep[j]) continue;
      let s = z[j]!;
      for (let t = 0; t < j; t++) if (keep[t]) s -= L[j]![t]! * y[t]!;
      y[j] = s / L[j]![j]!;
      sum += y[j]! * y[j]!;
    }
    d2[i] = sum;
    flag[i] = !Number.isNaN(crit) && sum > crit ? 1 : 0;
  }
  return { d2, flag, rank };
}
