// A candidate measured beside the default rules (npm run bench:detection): a change-point statistic over
// an interview's grid pages in display order. Per page and interview, evidence of careless answering
// (the page's time against the page's median, the consistency score's calibrated distance, the longest
// run of one code, how close the answers keep to the scale's midpoint), each as a robust z against the
// same page's other respondents. Per interview, for every split of its pages into a beginning and an
// end block (or, "any block", every contiguous block against the rest), the block's mean z minus the
// rest's, scaled by sqrt(1/a + 1/b); the statistic is the largest over the splits, and it is read as a
// robust z against the file's own distribution of the same statistic, so that genuine respondents'
// page-to-page variation calibrates it. The respondent's own pace and answer style cancel in the
// contrast; what is left is a part of the interview unlike the rest of it.
// Not part of the product's scores: the bench prints what it would add, cut-off set on the tuned part.
import { aucLowerIsPositive } from '../scoring/survey-generator.ts';
import type { Scoring } from '../../scoring/index.ts';
import { loadDataset, lognormalOf, realDurations } from './detection-data.ts';
import { PLANTED_KINDS, plantSurvey, type PlantedSurvey, type RowKind } from './detection-plant.ts';
import { removedBy, scorePlanted } from './detection-real.ts';
import { robustZ } from './detection-synonyms.ts';

const MISSING = -999;
const valid = (v: number) => v !== MISSING && !Number.isNaN(v);

/** Robust z per page: (v - median) / (1.4826 MAD), the standard deviation when the MAD is 0. */
export function pageZ(v: Float64Array): Float64Array {
  const ok = Array.from(v)
    .filter((x) => !Number.isNaN(x))
    .sort((a, b) => a - b);
  if (!ok.length) return v.map(() => NaN);
  const med = ok[ok.length >> 1]!;
  const dev = ok.map((x) => Math.abs(x - med)).sort((a, b) => a - b);
  let scale = 1.4826 * dev[dev.length >> 1]!;
  if (!(scale > 0)) {
    const mean = ok.reduce((a, b) => a + b, 0) / ok.length;
    scale = Math.sqrt(ok.reduce((a, b) => a + (b - mean) ** 2, 0) / ok.length);
  }
  return Float64Array.from(v, (x) => (scale > 0 && !Number.isNaN(x) ? (x - med) / scale : NaN));
}

/** Per-page evidence, each oriented so that higher = more careless, as robust z per page. */
export interface PageEvidence {
  time: Float64Array[];
  d2: Float64Array[];
  line: Float64Array[];
  mid: Float64Array[];
}

export function pageEvidence(s: Scoring, survey: PlantedSurvey): PageEvidence {
  const pages = survey.dataset.pages;
  const n = survey.kinds.length;
  const con = s.consistency(survey.grids.map((items, g) => ({ items, min: pages[g]!.min, max: pages[g]!.max })));
  const time = pages.map((_, g) => {
    const col = survey.durations[1 + g]!;
    const sorted = Array.from(col)
      .filter((v) => v > 0)
      .sort((a, b) => a - b);
    const med = sorted[sorted.length >> 1]!;
    // Faster than the page's median = higher.
    return pageZ(Float64Array.from(col, (v) => (v > 0 ? -Math.log(v / med) : NaN)));
  });
  const d2 = con.grids.map((g) => {
    // Wilson-Hilferty normal score of D² per degree of freedom.
    const k = Math.max(1, g.rank);
    const c = 2 / (9 * k);
    return pageZ(g.d2.map((v) => (Number.isNaN(v) ? NaN : (Math.cbrt(v / k) - (1 - c)) / Math.sqrt(c))));
  });
  const line = survey.grids.map((items) => {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let best = 0,
        run = 0,
        prev = NaN,
        m = 0;
      for (const col of items) {
        const v = col[i]!;
        if (!valid(v)) continue;
        m++;
        run = v === prev ? run + 1 : 1;
        prev = v;
        best = Math.max(best, run);
      }
      out[i] = m >= 5 ? best / m : NaN;
    }
    return pageZ(out);
  });
  const mid = survey.grids.map((items, g) => {
    const p = pages[g]!;
    const centre = (p.min + p.max) / 2,
      half = (p.max - p.min) / 2;
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let sum = 0,
        m = 0;
      for (const col of items) {
        const v = col[i]!;
        if (!valid(v)) continue;
        sum += Math.abs(v - centre) / half;
        m++;
      }
      // Closer to the midpoint = higher.
      out[i] = m >= 5 ? -sum / m : NaN;
    }
    return pageZ(out);
  });
  return { time, d2, line, mid };
}

/**
 * The largest contrast, over the splits, of a block's mean evidence against the rest's; `pick` reads
 * the page's evidence (NaN pages are left out). End blocks only, or every contiguous block.
 */
export function changePoint(
  pages: number,
  n: number,
  picks: readonly ((g: number, i: number) => number)[],
  anyBlock: boolean,
): Float64Array {
  const out = new Float64Array(n).fill(NaN);
  const e = picks.map(() => new Float64Array(pages));
  const total = new Float64Array(picks.length);
  const block = new Float64Array(picks.length);
  for (let i = 0; i < n; i++) {
    // Pages where every evidence is present, in display order.
    let m = 0;
    for (let g = 0; g < pages; g++) {
      const v = picks.map((p) => p(g, i));
      if (v.some(Number.isNaN)) continue;
      v.forEach((x, k) => (e[k]![m] = x));
      m++;
    }
    if (m < 2) continue;
    for (let k = 0; k < picks.length; k++) {
      let sum = 0;
      for (let g = 0; g < m; g++) sum += e[k]![g]!;
      total[k] = sum;
    }
    let best = -Infinity;
    for (let a = anyBlock ? 0 : 1; a < m; a++) {
      block.fill(0);
      for (let b = a; b < m; b++) {
        for (let k = 0; k < picks.length; k++) block[k] = block[k]! + e[k]![b]!;
        const len = b - a + 1;
        if ((!anyBlock && b < m - 1) || len === m) continue;
        // With several evidences the block must stand out on each: the smallest contrast counts.
        let c = Infinity;
        for (let k = 0; k < picks.length; k++)
          c = Math.min(c, (block[k]! / len - (total[k]! - block[k]!) / (m - len)) / Math.sqrt(1 / len + 1 / (m - len)));
        if (c > best) best = c;
      }
    }
    out[i] = best;
  }
  return out;
}

type Variant = 'time' | 'answers' | 'joint' | 'both';
const VARIANTS: Variant[] = ['time', 'answers', 'joint', 'both'];

/** Per variant and block kind, the robust z of the change-point statistic against the file. */
function statistics(ev: PageEvidence, n: number, anyBlock: boolean): Record<Variant, Float64Array> {
  const pages = ev.time.length;
  const answers = (g: number, i: number) => {
    // The strongest sign of careless answers on the page: far from the sample, one line, or the midpoint.
    const v = [ev.d2[g]![i]!, ev.line[g]![i]!, ev.mid[g]![i]!].filter((x) => !Number.isNaN(x));
    return v.length ? Math.max(...v) : NaN;
  };
  const time = (g: number, i: number) => ev.time[g]![i]!;
  return {
    time: robustZ(changePoint(pages, n, [time], anyBlock)),
    answers: robustZ(changePoint(pages, n, [answers], anyBlock)),
    joint: robustZ(changePoint(pages, n, [(g, i) => (time(g, i) + answers(g, i)) / Math.SQRT2], anyBlock)),
    both: robustZ(changePoint(pages, n, [time, answers], anyBlock)),
  };
}

interface Rows {
  kinds: RowKind[];
  carelessEnd: number[];
  defaults: number[];
  z: Record<string, number[]>;
}

function rowsOf(s: Scoring, key: string, seeds: readonly number[]): Rows {
  const d = loadDataset(key);
  const timing = lognormalOf(realDurations());
  const out: Rows = { kinds: [], carelessEnd: [], defaults: [], z: {} };
  for (const seed of seeds) {
    const survey = plantSurvey(d, seed, timing);
    const n = survey.kinds.length;
    const ev = pageEvidence(s, survey);
    const removed = removedBy(s, scorePlanted(s, survey));
    for (const anyBlock of [false, true]) {
      const st = statistics(ev, n, anyBlock);
      for (const v of VARIANTS)
        if (!anyBlock || v === 'time' || v === 'both')
          (out.z[`${v}${anyBlock ? ' any' : ' end'}`] ??= []).push(...st[v]);
    }
    out.kinds.push(...survey.kinds);
    out.carelessEnd.push(...survey.carelessEnd);
    out.defaults.push(...removed);
  }
  return out;
}

const pct = (v: number) => `${(100 * v).toFixed(v < 0.1 ? 2 : 1)} %`;
const merge = (parts: Rows[]): Rows => {
  const z: Rows['z'] = {};
  for (const p of parts) for (const [k, v] of Object.entries(p.z)) (z[k] ??= []).push(...v);
  return {
    kinds: parts.flatMap((p) => p.kinds),
    carelessEnd: parts.flatMap((p) => p.carelessEnd),
    defaults: parts.flatMap((p) => p.defaults),
    z,
  };
};

function line(label: string, r: Rows, name: string, cut: number, withDefaults: boolean): string {
  const z = r.z[name]!;
  const removed = (i: number) => (z[i]! > cut ? 1 : 0) || (withDefaults ? r.defaults[i]! : 0);
  const share = (k: RowKind) => {
    const idx = r.kinds.map((x, i) => (x === k ? i : -1)).filter((i) => i >= 0);
    return idx.filter(removed).length / idx.length;
  };
  const auc = (k: RowKind) => {
    const idx = r.kinds.map((x, i) => (x === 'genuine' || x === k ? i : -1)).filter((i) => i >= 0);
    return aucLowerIsPositive(
      idx.map((i) => (Number.isNaN(z[i]!) ? 0 : -z[i]!)),
      idx.map((i) => r.kinds[i] !== 'genuine'),
    );
  };
  const kinds = PLANTED_KINDS.map((k) => `${k} ${pct(share(k))}${withDefaults ? '' : `/${auc(k).toFixed(3)}`}`);
  // The partly careless by their careless end: random, one code, around the midpoint.
  const ends = ['random', 'one code', 'midpoint'].map((name, m) => {
    const idx = r.carelessEnd.map((x, i) => (x === m ? i : -1)).filter((i) => i >= 0);
    return `${name} ${pct(idx.filter(removed).length / idx.length)}`;
  });
  return `  ${label.padEnd(22)} genuine removed ${pct(share('genuine'))}; ${kinds.join(', ')} (end ${ends.join(', ')})`;
}

/** The smallest cut-off (steps of 0.25) at which `ok` holds on every tuned dataset. */
function cutWhere(t: readonly Rows[], ok: (r: Rows, cut: number) => boolean): number {
  let cut = 1;
  while (cut < 60 && !t.every((r) => ok(r, cut))) cut += 0.25;
  return cut;
}

/**
 * Prints each variant's figures on the tuned and the held-out part: alone at the cut-off that removes at
 * most 1 % of each tuned dataset's genuine respondents (removed / AUC per kind, per held-out dataset
 * for the end blocks with both evidences), the same OR the default rules, and OR the default rules at
 * the cut-off that adds no genuine removal on the tuned part. Cut-offs are set on the tuned part only.
 */
export function changePointReport(s: Scoring, tuned: readonly string[], heldOut: readonly string[]): void {
  const seeds = (process.env.DETECTION_REAL_SEEDS ?? '1,2,3').split(',').map(Number);
  const t = tuned.map((k) => [k, rowsOf(s, k, seeds)] as const);
  const h = heldOut.map((k) => [k, rowsOf(s, k, seeds)] as const);
  const tunedRows = t.map(([, r]) => r);
  const parts = [
    ['tuned', merge(tunedRows)],
    ['held-out', merge(h.map(([, r]) => r))],
  ] as const;
  console.log(
    '\ncandidate, not in the scores: a change-point over the grid pages in display order. Per page a robust z of ' +
      'its time (faster = higher) and of its answers (the largest of distance, longest run, midpoint closeness); ' +
      'per interview the largest contrast of an end block (or any block) against the rest, as a robust z against ' +
      'the file. time: time alone, answers: answers alone, joint: their mean, both: the block must stand ' +
      'out on each (the smaller contrast). Removed / AUC per kind:',
  );
  for (const name of Object.keys(tunedRows[0]!.z)) {
    const genuine = (r: Rows) => r.kinds.map((k, i) => (k === 'genuine' ? i : -1)).filter((i) => i >= 0);
    const cut = cutWhere(tunedRows, (r, c) => {
      const g = genuine(r);
      return g.filter((i) => r.z[name]![i]! > c).length <= 0.01 * g.length;
    });
    const free = cutWhere(tunedRows, (r, c) => genuine(r).every((i) => r.defaults[i] || !(r.z[name]![i]! > c)));
    console.log(
      ` ${name}: cut-off z = ${cut} (genuine <= 1 % per tuned dataset); ${free} (no genuine removal added on the tuned part)`,
    );
    if (name === 'both end') for (const [k, r] of h) console.log(line(k, r, name, cut, false));
    for (const [label, rows] of parts) {
      console.log(line(`${label} alone`, rows, name, cut, false));
      console.log(line(`${label} OR defaults`, rows, name, cut, true));
      console.log(line(`${label} OR, no cost`, rows, name, free, true));
    }
  }
  for (const [label, rows] of parts) console.log(line(`${label} defaults`, rows, 'time end', Infinity, true));
}
