// A candidate measured beside the default rules (npm run bench:detection): a person-fit statistic, the
// polytomous Guttman errors per grid page. Per page, the items are turned to one direction by the sign
// of their correlation with the rest of the page (read from the file, no keys used), and every item
// step "answer >= k" gets its popularity in the file. A respondent who passes a less popular step while
// failing a more popular one makes a Guttman error; an interview's statistic is its errors over all
// pages divided by the pairs of passed and failed steps they could have come from (the normed G of
// dichotomous person-fit, with the steps of one item counted as they come), read as a robust z against
// the file. Unlike the consistency score's distance it asks only whether the answers are ordered as the
// sample orders the items, not how far they are from the sample's correlations.
// Not part of the product's scores: the bench prints what it would add, cut-offs set on the tuned part.
import type { Scoring } from '../../scoring/index.ts';
import { loadDataset, lognormalOf, realDurations, type GridPage } from './detection-data.ts';
import { plantSurvey, type RowKind } from './detection-plant.ts';
import { removedBy, scorePlanted } from './detection-real.ts';
import { line as synonymsLine, robustZ } from './detection-synonyms.ts';

const MISSING = -999;
const valid = (v: number) => v !== MISSING && !Number.isNaN(v);

/** +1 or -1 per item: the sign of its correlation with the sum of the page's other items. */
function directions(items: readonly Float64Array[]): number[] {
  const n = items[0]?.length ?? 0;
  return items.map((col, j) => {
    let sx = 0,
      sy = 0,
      sxx = 0,
      syy = 0,
      sxy = 0,
      m = 0;
    for (let i = 0; i < n; i++) {
      const x = col[i]!;
      if (!valid(x)) continue;
      let rest = 0,
        ok = true;
      items.forEach((c, k) => {
        if (k === j) return;
        const v = c[i]!;
        if (!valid(v)) ok = false;
        else rest += v;
      });
      if (!ok) continue;
      sx += x;
      sy += rest;
      sxx += x * x;
      syy += rest * rest;
      sxy += x * rest;
      m++;
    }
    const cov = sxy - (sx * sy) / Math.max(1, m);
    return cov < 0 ? -1 : 1;
  });
}

/**
 * Per interview and page: the Guttman errors and the pairs of passed and failed steps (summed over
 * the pages by the caller). Steps are "oriented answer >= k" for k = 1..P-1, ordered by popularity.
 */
function pageErrors(items: readonly Float64Array[], p: GridPage, errors: Float64Array, pairs: Float64Array): void {
  const n = items[0]?.length ?? 0;
  const P = p.max - p.min + 1;
  const dir = directions(items);
  const code = (j: number, i: number) => {
    const v = items[j]![i]!;
    if (!valid(v)) return -1;
    return dir[j]! > 0 ? v - p.min : p.max - v;
  };
  // Popularity of each step (item j, level k): share of answered rows at or above k.
  const steps: { j: number; k: number; pop: number }[] = [];
  items.forEach((_, j) => {
    const at = new Float64Array(P);
    let m = 0;
    for (let i = 0; i < n; i++) {
      const c = code(j, i);
      if (c < 0) continue;
      at[c] = at[c]! + 1;
      m++;
    }
    let above = m;
    for (let k = 1; k < P; k++) {
      above -= at[k - 1]!;
      steps.push({ j, k, pop: m ? above / m : 0 });
    }
  });
  steps.sort((a, b) => b.pop - a.pop || a.j - b.j || a.k - b.k);
  for (let i = 0; i < n; i++) {
    let failed = 0,
      passed = 0,
      g = 0;
    for (const st of steps) {
      const c = code(st.j, i);
      if (c < 0) continue;
      if (c >= st.k) {
        // A passed step after (less popular than) every failed one before it: one error per failed step.
        g += failed;
        passed++;
      } else failed++;
    }
    errors[i] = errors[i]! + g;
    pairs[i] = pairs[i]! + passed * failed;
  }
}

/** The interview's normed Guttman errors over its grid pages (NaN when no pair of steps was possible). */
export function guttmanErrors(grids: readonly Float64Array[][], pages: readonly GridPage[]): Float64Array {
  const n = grids[0]?.[0]?.length ?? 0;
  const errors = new Float64Array(n),
    pairs = new Float64Array(n);
  grids.forEach((items, g) => pageErrors(items, pages[g]!, errors, pairs));
  return Float64Array.from(errors, (e, i) => (pairs[i]! > 0 ? e / pairs[i]! : NaN));
}

/**
 * The worst page instead of the sum: per page the normed errors as a robust z against the page's other
 * respondents, and the largest over the interview's pages (a careless part that the sum dilutes).
 */
export function worstPageErrors(grids: readonly Float64Array[][], pages: readonly GridPage[]): Float64Array {
  const n = grids[0]?.[0]?.length ?? 0;
  const out = new Float64Array(n).fill(NaN);
  grids.forEach((items, g) => {
    const errors = new Float64Array(n),
      pairs = new Float64Array(n);
    pageErrors(items, pages[g]!, errors, pairs);
    const z = robustZ(Float64Array.from(errors, (e, i) => (pairs[i]! > 0 ? e / pairs[i]! : NaN)));
    for (let i = 0; i < n; i++) if (!Number.isNaN(z[i]!) && !(z[i]! <= out[i]!)) out[i] = z[i]!;
  });
  return out;
}

interface Rows {
  kinds: RowKind[];
  z: number[];
  defaults: number[];
}

type Variant = 'all pages' | 'worst page';
const VARIANTS: readonly Variant[] = ['all pages', 'worst page'];

function rowsOf(s: Scoring, key: string, seeds: readonly number[]): Record<Variant, Rows> {
  const d = loadDataset(key);
  const timing = lognormalOf(realDurations());
  const out = {
    'all pages': { kinds: [], z: [], defaults: [] },
    'worst page': { kinds: [], z: [], defaults: [] },
  } as Record<Variant, Rows>;
  for (const seed of seeds) {
    const survey = plantSurvey(d, seed, timing);
    const removed = removedBy(s, scorePlanted(s, survey));
    const zs: Record<Variant, Float64Array> = {
      'all pages': robustZ(guttmanErrors(survey.grids, d.pages)),
      'worst page': robustZ(worstPageErrors(survey.grids, d.pages)),
    };
    for (const v of VARIANTS)
      survey.kinds.forEach((k, i) => {
        out[v].kinds.push(k);
        out[v].z.push(zs[v][i]!);
        out[v].defaults.push(removed[i]!);
      });
  }
  return out;
}

const merge = (parts: readonly Rows[]): Rows => ({
  kinds: parts.flatMap((p) => p.kinds),
  z: parts.flatMap((p) => p.z),
  defaults: parts.flatMap((p) => p.defaults),
});

const line = (label: string, r: Rows, cut: number, withDefaults: boolean) =>
  synonymsLine(label, r, cut, withDefaults, 22);

/** The smallest cut-off (steps of 0.25) at which `ok` holds on every tuned dataset. */
function cutWhere(t: readonly Rows[], ok: (r: Rows, cut: number) => boolean): number {
  let cut = 1;
  while (cut < 60 && !t.every((r) => ok(r, cut))) cut += 0.25;
  return cut;
}

/**
 * Prints the statistic alone at the cut-off that removes at most 1 % of each tuned dataset's genuine
 * respondents (removed / AUC per kind, per dataset and pooled), the same OR the default rules, and OR
 * the default rules at the cut-off that adds no genuine removal on the tuned part.
 */
export function personFitReport(s: Scoring, tuned: readonly string[], heldOut: readonly string[]): void {
  const seeds = (process.env.DETECTION_REAL_SEEDS ?? '1,2,3').split(',').map(Number);
  const t = tuned.map((k) => [k, rowsOf(s, k, seeds)] as const);
  const h = heldOut.map((k) => [k, rowsOf(s, k, seeds)] as const);
  const genuine = (r: Rows) => r.kinds.map((k, i) => (k === 'genuine' ? i : -1)).filter((i) => i >= 0);
  console.log(
    '\ncandidate, not in the scores: person fit, the normed polytomous Guttman errors of the grid pages (items turned ' +
      'by the sign of their item-rest correlation, steps ordered by popularity in the file), as a robust z against the ' +
      'file; all pages: errors summed over the pages; worst page: the largest per-page robust z. Removed / AUC per kind:',
  );
  for (const v of VARIANTS) {
    const tunedRows = t.map(([, r]) => r[v]);
    const cut = cutWhere(tunedRows, (r, c) => {
      const g = genuine(r);
      return g.filter((i) => r.z[i]! > c).length <= 0.01 * g.length;
    });
    const free = cutWhere(tunedRows, (r, c) => genuine(r).every((i) => r.defaults[i] || !(r.z[i]! > c)));
    console.log(
      ` ${v}: cut-off z = ${cut} (genuine <= 1 % per tuned dataset); ${free} (no genuine removal added on the tuned part)`,
    );
    for (const [label, parts] of [
      ['tuned', t],
      ['held-out', h],
    ] as const) {
      for (const [k, r] of parts) console.log(line(k, r[v], cut, false));
      const pooled = merge(parts.map(([, r]) => r[v]));
      console.log(line(`${label} alone`, pooled, cut, false));
      console.log(line(`${label} OR defaults`, pooled, cut, true));
      console.log(line(`${label} OR, no cost`, pooled, free, true));
    }
  }
  for (const [label, parts] of [
    ['tuned', t],
    ['held-out', h],
  ] as const)
    console.log(line(`${label} defaults`, merge(parts.map(([, r]) => r['all pages'])), Infinity, true));
}
