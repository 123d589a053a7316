// scoreChunked against scoreAll: the same file scored in one call and chunk by chunk (chunks of 1, 7,
// 1,000 and 65,536 rows, uneven ones, empty ones) must give every output column bit for bit
// (Object.is: NaN equals NaN, 0 differs from -0), and the same total credits.
import { describe, expect, it } from 'vitest';
import type {
  ChunkedPipelineShape,
  PipelineChunk,
  PipelineInput,
  PipelineResult,
  ProjectiveQuestion,
} from '../../scoring/index.ts';
import { Arena, type WasmHeap } from '../../scoring/wasm-memory.ts';
import { scoring } from '../support/scoring.ts';
import { generateSurvey, rng } from './survey-generator.ts';

type Kernel = (...args: number[]) => number;
const heap = (scoring as unknown as { heap: WasmHeap }).heap;
const kernel = (name: string) => heap.exports[name] as Kernel;

interface TestFile {
  shape: ChunkedPipelineShape;
  input: PipelineInput;
  /** Rows [start, end) as a chunk (subarrays of the whole columns). */
  chunk(start: number, end: number): PipelineChunk;
}

/** A survey with every kind of input and defect the chunked path has to get right. */
function makeFile(
  n: number,
  seed: number,
  variant: { consistency?: boolean; weights?: boolean; minRecords?: number } = {},
): TestFile {
  const r = rng(seed);
  const survey = generateSurvey(n, seed);
  const f64 = (fill: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => fill(i));
  // Durations: the total and three pages (continuous), one page in whole seconds (ties), one
  // column with fewer than 30 valid values; NaN, -999, 0, negatives, -0 and Infinity sprinkled in.
  const defect = (v: number) => {
    const u = r();
    return u < 0.02
      ? Number.NaN
      : u < 0.04
        ? -999
        : u < 0.05
          ? 0
          : u < 0.06
            ? -v
            : u < 0.062
              ? -0
              : u < 0.063
                ? Infinity
                : v;
  };
  const durations = [
    ...survey.durations.map((c) => f64((i) => defect(c[i]!))),
    f64(() => defect(Math.round(60 + 240 * r()))),
    f64((i) => (i % Math.max(1, Math.floor(n / 20)) === 0 ? 10 + r() : Number.NaN)),
  ];
  // Grids: the survey's three (1-5, patterns on), one of them without bounds and patterns off; a
  // 1-7 grid with codes out of range, fractions and large codes; an 8-item grid.
  const odd = f64(() => 1 + Math.floor(r() * 7));
  const wild = Array.from({ length: 9 }, (_, j) =>
    f64((i) => {
      const u = r();
      if (u < 0.03) return -999;
      if (u < 0.05) return Number.NaN;
      if (u < 0.06) return 9;
      if (u < 0.065) return 2.5;
      if (u < 0.067) return 3e7;
      return Math.min(7, Math.max(1, Math.round(odd[i]! + (j % 3) - 1 + r())));
    }),
  );
  const small = Array.from({ length: 8 }, () => f64(() => 1 + Math.floor(r() * 4)));
  const gridDefs = [
    { items: survey.grids[0]!, min: 1, max: 5 },
    { items: survey.grids[1]!, patterns: false },
    { items: survey.grids[2]!, min: 1, max: 5, patterns: true },
    { items: wild, min: 1, max: 7 },
    { items: small },
  ];
  // Open answers: category codes, including unknown ones.
  const codes = [0, 1, 1, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, -2, 99];
  const openCategories = [0, 1, 2].map(() =>
    Int32Array.from({ length: n }, () => codes[Math.floor(r() * codes.length)]!),
  );
  // Behaviour categories of two open questions with paradata (0 = not scored, unknown codes too).
  const behaviourCategories = [0, 1].map(() =>
    Int32Array.from({ length: n }, () => [0, 0, 1, 1, 2, 3, 4, 5, 7][Math.floor(r() * 9)]!),
  );
  // Projective questions.
  const badChoice = (c: number) => {
    const u = r();
    return u < 0.01 ? Number.NaN : u < 0.02 ? -999 : u < 0.025 ? 3 : u < 0.03 ? 1.5 : c;
  };
  const badPct = (v: number) => {
    const u = r();
    return u < 0.01
      ? Number.NaN
      : u < 0.02
        ? -999
        : u < 0.025
          ? 120
          : u < 0.03
            ? -5
            : u < 0.06
              ? v + 0.37
              : u < 0.08
                ? 0
                : u < 0.09
                  ? 100
                  : v;
  };
  const [s0, s1] = survey.projective;
  // Binary, one prediction column (the second option is 100 - y).
  const q0: ProjectiveQuestion = {
    choice: f64((i) => badChoice(s0!.choice[i]!)),
    predictions: [f64((i) => badPct(s0!.predictions[0]![i]!))],
    purpose: 'information',
  };
  // Binary, two columns that need not sum to 100 (within 5: renormalised), social desirability.
  const q1: ProjectiveQuestion = {
    choice: f64((i) => badChoice(s1!.choice[i]!)),
    predictions: [
      f64((i) => badPct(s1!.predictions[0]![i]!)),
      f64((i) => badPct(s1!.predictions[1]![i]! + Math.floor(r() * 7) - 3)),
    ],
    purpose: 'social-desirability',
  };
  // Three options.
  const three = Array.from({ length: n }, () => {
    const a = Math.floor(r() * 80),
      b = Math.floor(r() * (100 - a));
    return [a, b, 100 - a - b + (r() < 0.1 ? 3 : 0)];
  });
  const q2: ProjectiveQuestion = {
    choice: f64(() => badChoice(1 + Math.floor(r() * 3))),
    predictions: [0, 1, 2].map((k) => f64((i) => badPct(three[i]![k]!))),
    purpose: 'information',
  };
  // Four options, social desirability, explicit option count.
  const q3: ProjectiveQuestion = {
    choice: f64(() => 1 + Math.floor(r() * 4)),
    predictions: [0, 1, 2, 3].map(() => f64(() => 25 + (r() - 0.5) * 4)),
    options: 4,
    purpose: 'social-desirability',
  };
  // Binary with fewer valid rows than minN: everything null.
  const q4: ProjectiveQuestion = {
    choice: f64((i) => (i % Math.max(1, Math.floor(n / 10)) === 0 ? 1 : Number.NaN)),
    predictions: [f64(() => 40)],
    purpose: 'information',
  };
  const projective = [q0, q1, q2, q3, q4];
  const weights = variant.weights ? { oes: 1, ts: 2, ibs: 1, ps: 0.5, cs: 0.5, con: 0, cap: 25 } : undefined;
  const projectiveOptions = { lambda: 1.5, minRecords: variant.minRecords ?? 30 };
  const input: PipelineInput = {
    rows: n,
    durations: { matrix: durations, totalIndex: 0, minRecords: variant.minRecords ?? 30 },
    grids: gridDefs,
    openCategories,
    behaviourCategories,
    projective,
    projectiveOptions,
    ...(weights ? { weights } : {}),
    ...(variant.consistency !== undefined ? { consistency: variant.consistency } : {}),
  };
  const shape: ChunkedPipelineShape = {
    rows: n,
    durations: { columns: durations.length, totalIndex: 0, minRecords: variant.minRecords ?? 30 },
    grids: gridDefs.map(({ items, ...o }) => ({ items: items.length, ...o })),
    openQuestions: openCategories.length,
    behaviourQuestions: behaviourCategories.length,
    projective: projective.map((q) => ({
      predictions: q.predictions.length,
      purpose: q.purpose,
      ...(q.options ? { options: q.options } : {}),
    })),
    projectiveOptions,
    ...(weights ? { weights } : {}),
    ...(variant.consistency !== undefined ? { consistency: variant.consistency } : {}),
  };
  const chunk = (start: number, end: number): PipelineChunk => ({
    rows: end - start,
    durations: durations.map((c) => c.subarray(start, end)),
    grids: gridDefs.map((g) => g.items.map((c) => c.subarray(start, end))),
    openCategories: openCategories.map((c) => c.subarray(start, end)),
    behaviourCategories: behaviourCategories.map((c) => c.subarray(start, end)),
    projective: projective.map((q) => ({
      choice: q.choice.subarray(start, end),
      predictions: q.predictions.map((c) => c.subarray(start, end)),
    })),
  });
  return { shape, input, chunk };
}

/** Chunk boundaries: fixed size, or seeded uneven sizes (0-row chunks included). */
function boundaries(n: number, size: number | 'uneven', seed = 1): [number, number][] {
  const out: [number, number][] = [];
  const r = rng(seed);
  for (let start = 0; start < n;) {
    const len = size === 'uneven' ? (r() < 0.05 ? 0 : 1 + Math.floor(r() ** 3 * 3000)) : size;
    const end = Math.min(n, start + len);
    out.push([start, end]);
    start = end;
  }
  return out;
}

const KEYS = [
  'bas',
  'basDataPoints',
  'ts',
  'tsDataPoints',
  'extremelySlow',
  'ibs',
  'ibsDataPoints',
  'consistency',
  'consistencyDataPoints',
  'oes',
  'oesDataPoints',
  'badAnswers',
  'ps',
  'cs',
  'is',
  'sds',
  'projectiveDataPoints',
  'combined',
  'nSubscores',
  'credits',
] as const;

/** Runs scoreChunked and stitches the chunk results into whole columns. */
async function chunked(file: TestFile, bounds: [number, number][], asyncSource = false) {
  const n = file.shape.rows;
  const G = file.shape.grids?.length ?? 0;
  const cols = Object.fromEntries(KEYS.map((k) => [k, new Float64Array(n).fill(12345)])) as Record<
    (typeof KEYS)[number],
    Float64Array
  >;
  const grids = Array.from({ length: G }, () => ({
    scores: new Float64Array(n).fill(12345),
    labels: new Uint8Array(n).fill(77),
  }));
  const starts: number[] = [];
  let sum = 0;
  const source = asyncSource
    ? () =>
        (async function* () {
          for (const [s, e] of bounds) {
            await Promise.resolve();
            yield file.chunk(s, e);
          }
        })()
    : () => bounds.map(([s, e]) => file.chunk(s, e));
  const done = await scoring.scoreChunked(file.shape, source, async (res: PipelineResult, start: number) => {
    starts.push(start);
    sum += res.totalCredits;
    expect(res.version).toBe(scoring.version);
    for (const k of KEYS) cols[k].set(res[k], start);
    res.grids.forEach((g, gi) => {
      grids[gi]!.scores.set(g.scores, start);
      grids[gi]!.labels.set(g.labels, start);
    });
    if (asyncSource) await Promise.resolve();
  });
  expect(starts).toEqual(bounds.filter(([s, e]) => e > s).map(([s]) => s));
  expect(done.rows).toBe(n);
  expect(sum).toBe(done.totalCredits);
  return { cols, grids, totalCredits: done.totalCredits };
}

/** First row where two columns differ by Object.is, or -1. */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return i;
  return -1;
}

function expectIdentical(got: Awaited<ReturnType<typeof chunked>>, whole: PipelineResult): void {
  for (const k of KEYS) {
    const i = firstDifference(got.cols[k], whole[k]);
    expect(i, `${k}: row ${i} chunked ${got.cols[k][i]} whole ${whole[k][i]}`).toBe(-1);
  }
  whole.grids.forEach((g, gi) => {
    const i = firstDifference(got.grids[gi]!.scores, g.scores);
    expect(i, `grid ${gi} score: row ${i}`).toBe(-1);
    const j = firstDifference(got.grids[gi]!.labels, g.labels);
    expect(j, `grid ${gi} label: row ${j}`).toBe(-1);
  });
  expect(got.totalCredits).toBe(whole.totalCredits);
}

describe('scoreChunked, scoreAll chunk by chunk', () => {
  it.each([
    { n: 5001, sizes: [1, 7, 1000, 65536, 'uneven'] as const },
    { n: 1500, sizes: [7, 1000, 'uneven'] as const },
    { n: 70000, sizes: [65536, 'uneven'] as const },
  ])('gives scoreAll bit for bit on $n rows', async ({ n, sizes }) => {
    const file = makeFile(n, n);
    const whole = scoring.scoreAll(file.input);
    // The file exercises what it should: medians (one of them null), fitted grids, every label,
    // projective scores (one question null throughout).
    const med = scoring.timeScores(file.input.durations!.matrix, { totalIndex: 0 }).medians;
    expect(Number.isNaN(med[med.length - 1]!)).toBe(true);
    expect(Array.from(med.slice(0, -1)).every((m) => m > 0)).toBe(true);
    expect(whole.consistencyDataPoints.some((v) => v > 0)).toBe(true);
    for (const label of [1, 2, 3, 4, 5])
      expect(
        whole.grids.some((g) => g.labels.includes(label)),
        `label ${label}`,
      ).toBe(true);
    expect(whole.ps.some((v) => !Number.isNaN(v))).toBe(true);
    expect(whole.sds.some((v) => !Number.isNaN(v))).toBe(true);
    for (const size of sizes) expectIdentical(await chunked(file, boundaries(n, size)), whole);
  });

  it('is identical with consistency off, other weights, another minimum and an async source', async () => {
    for (const [variant, n] of [
      [{ consistency: false, weights: true }, 3000],
      [{ minRecords: 5000 }, 4001],
      [{ minRecords: 0 }, 2048],
      [{}, 2049],
    ] as const) {
      const file = makeFile(n, 17 + n, variant);
      const whole = scoring.scoreAll(file.input);
      expectIdentical(await chunked(file, boundaries(n, 'uneven', n), true), whole);
      expectIdentical(await chunked(file, boundaries(n, 999)), whole);
    }
  });

  it('scores a file with only some parts, and an empty file', async () => {
    const n = 3001;
    const file = makeFile(n, 5);
    const input: PipelineInput = { rows: n, grids: file.input.grids!.slice(0, 2) };
    const shape: ChunkedPipelineShape = { rows: n, grids: file.shape.grids!.slice(0, 2), projective: [] };
    const part: TestFile = {
      shape,
      input,
      chunk: (s, e) => ({ rows: e - s, grids: file.chunk(s, e).grids!.slice(0, 2), projective: [] }),
    };
    expectIdentical(await chunked(part, boundaries(n, 500)), scoring.scoreAll(input));
    const ts: TestFile = {
      shape: { rows: n, durations: { columns: 2 } },
      input: { rows: n, durations: { matrix: (file.input.durations!.matrix as Float64Array[]).slice(0, 2) } },
      chunk: (s, e) => ({ rows: e - s, durations: file.chunk(s, e).durations!.slice(0, 2) }),
    };
    expectIdentical(await chunked(ts, boundaries(n, 'uneven')), scoring.scoreAll(ts.input));
    const empty = makeFile(0, 3);
    expectIdentical(await chunked(empty, []), scoring.scoreAll(empty.input));
  });

  it('fits the consistency model from the gathered sample byte for byte', () => {
    for (const n of [100, 2048, 2049, 5001, 70000]) {
      const file = makeFile(n, 40 + n);
      file.input.grids!.forEach((g) => {
        const items = g.items as Float64Array[];
        const k = items.length;
        const bytes = kernel('consistencyModelBytes')(k);
        const a = new Arena(heap);
        try {
          const whole = a.alloc(bytes),
            gathered = a.alloc(bytes);
          const m = a.matrix(items);
          kernel('consistencyFit')(m.ptr, n, k, g.min ?? NaN, g.max ?? NaN, whole);
          const count = kernel('consistencySampleCount')(n);
          expect(count).toBe(Math.min(n, 2048));
          const sample = new Float64Array(count * k);
          for (let t = 0; t < count; t++) {
            const row = kernel('consistencySampleRow')(t, n);
            expect(row).toBeGreaterThanOrEqual(0);
            expect(row).toBeLessThan(n);
            items.forEach((c, j) => (sample[j * count + t] = c[row]!));
          }
          kernel('consistencyFit')(a.f64In(sample), count, k, g.min ?? NaN, g.max ?? NaN, gathered);
          const x = new Uint8Array(heap.buffer, whole, bytes).slice(),
            y = new Uint8Array(heap.buffer, gathered, bytes).slice();
          expect(firstDifference(x, y), `n ${n}`).toBe(-1);
        } finally {
          a.release();
        }
      });
    }
  });

  it('refuses chunks that do not match the shape, before any result', async () => {
    const n = 300;
    const file = makeFile(n, 9);
    const bounds = boundaries(n, 100);
    const cases: [string, (c: PipelineChunk) => PipelineChunk, ChunkedPipelineShape?][] = [
      ['durations', (c) => ({ ...c, durations: c.durations!.slice(1) })],
      ['grid items', (c) => ({ ...c, grids: [c.grids![0]!.slice(1), ...c.grids!.slice(1)] })],
      ['grids', (c) => ({ ...c, grids: c.grids!.slice(1) })],
      ['open', (c) => ({ ...c, openCategories: [] })],
      [
        'predictions',
        (c) => ({ ...c, projective: [{ ...c.projective![0]!, predictions: [] }, ...c.projective!.slice(1)] }),
      ],
      ['column length', (c) => ({ ...c, durations: [c.durations![0]!.subarray(1), ...c.durations!.slice(1)] })],
      ['rows', (c) => c, { ...file.shape, rows: n + 1 }],
      ['rows', (c) => c, { ...file.shape, rows: n - 1 }],
    ];
    for (const [what, change, shape] of cases) {
      let results = 0;
      const source = () => bounds.map(([s, e], i) => (i === 2 ? change(file.chunk(s, e)) : file.chunk(s, e)));
      await expect(
        scoring.scoreChunked(shape ?? file.shape, source, () => void results++),
        what,
      ).rejects.toThrow(RangeError);
      expect(results, what).toBe(0);
    }
  });
});
