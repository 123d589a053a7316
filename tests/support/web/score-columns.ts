// Score columns as a revision's scores.arrow holds them (same names, NaN = null), generated from a
// seed: a mostly careful sample with careless interviews that fail one or several rules, nulls where
// a score does not apply, and two grouping characteristics. The worksheet engine's tests and the
// bench use it where a full upload would only cost time (a million interviews).

export const SCORE_COLUMN_NAMES = [
  'combined',
  'combined.n_subscores',
  'ts',
  'ts.data_points',
  'ibs',
  'ibs.data_points',
  'oes',
  'oes.data_points',
  'oes.bad_answers',
  'ps',
  'cs',
  'is',
  'sds',
  'projective.data_points',
  'con',
  'con.data_points',
  'bas',
  'bas.data_points',
  'coh',
  'coh.data_points',
] as const;

export interface GeneratedScores {
  rows: number;
  columns: Record<(typeof SCORE_COLUMN_NAMES)[number], Float64Array>;
  recordIds: string[];
  /** Cell per interview (-1 none) of two characteristics, with their labels. */
  groupings: { name: string; cells: Int32Array; labels: string[] }[];
}

function lcg(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

const clamp = (v: number) => Math.max(0, Math.min(100, v));

/** `rows` interviews; `withIds` false skips the record ids (a million strings cost a bench 100 MB). */
export function generateScores(rows: number, seed = 7, withIds = true): GeneratedScores {
  const next = lcg(seed);
  const cols = Object.fromEntries(
    SCORE_COLUMN_NAMES.map((n) => [n, new Float64Array(rows)]),
  ) as GeneratedScores['columns'];
  const gender = new Int32Array(rows),
    region = new Int32Array(rows);
  for (let i = 0; i < rows; i++) {
    const careless = next() < 0.12;
    const base = careless ? 15 + next() * 45 : 55 + next() * 45;
    const score = (spread: number) => clamp(base + (next() - 0.5) * spread);
    cols.ts[i] = next() < 0.03 ? Number.NaN : score(50);
    cols['ts.data_points'][i] = Number.isNaN(cols.ts[i]!) ? 0 : 1 + Math.floor(next() * 5);
    const grids = Math.floor(next() * 4);
    cols.ibs[i] = grids === 0 ? Number.NaN : score(60);
    cols['ibs.data_points'][i] = grids;
    cols.con[i] = grids === 0 ? Number.NaN : score(70);
    cols['con.data_points'][i] = grids;
    const open = Math.floor(next() * 4);
    cols.oes[i] = open === 0 ? Number.NaN : Math.round(score(80) / 10) * 10;
    cols['oes.data_points'][i] = open;
    cols['oes.bad_answers'][i] = careless && open > 0 ? Math.floor(next() * (open + 1)) : 0;
    // Behaviour where open answers were recorded, drawn from nothing new so the other columns keep
    // their values for a seed: careless interviews fall low, some below the rule's 20.
    cols.bas[i] = open === 0 ? Number.NaN : careless ? clamp(base - 40) : clamp(base + 20);
    cols['bas.data_points'][i] = open;
    // Coherence where at least two open answers could be read, in the judge's 25-point steps; again
    // from nothing new: careless interviews contradict themselves more often.
    cols.coh[i] = open < 2 ? Number.NaN : careless ? 25 * Math.floor(clamp(base - 10) / 25) : 100;
    cols['coh.data_points'][i] = open < 2 ? Number.NaN : open;
    const projective = next() < 0.6 ? 1 + Math.floor(next() * 3) : 0;
    for (const k of ['ps', 'cs', 'is', 'sds'] as const) cols[k][i] = projective === 0 ? Number.NaN : score(90);
    cols['projective.data_points'][i] = projective;
    const parts = [cols.ts[i]!, cols.ibs[i]!, cols.oes[i]!, cols.con[i]!].filter((v) => !Number.isNaN(v));
    cols['combined.n_subscores'][i] = parts.length;
    cols.combined[i] = parts.length === 0 ? Number.NaN : parts.reduce((a, b) => a + b, 0) / parts.length;
    gender[i] = next() < 0.02 ? -1 : Math.floor(next() * 3);
    region[i] = Math.floor(next() * 5);
  }
  const recordIds = withIds ? Array.from({ length: rows }, (_, i) => `R${String(i + 1).padStart(7, '0')}`) : [];
  return {
    rows,
    columns: cols,
    recordIds,
    groupings: [
      { name: 'gender', cells: gender, labels: ['female', 'male', 'diverse'] },
      { name: 'region', cells: region, labels: ['Nord', 'Ost', 'Süd', 'West', 'Mitte'] },
    ],
  };
}
