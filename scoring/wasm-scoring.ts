// The numeric kernels behind the scoring facade (index.ts): writes typed arrays into the WASM
// memory, calls the kernels and copies results out, so no pointer leaves this file.
import {
  DEFAULT_RULES,
  DEFAULT_WEIGHTS,
  RULE_KEYS,
  type CertificateResult,
  type CleaningInput,
  type CleaningResult,
  type CleaningRules,
  type CombinedResult,
  type CombinedWeights,
  type ConsistencyGrid,
  type ConsistencyResult,
  type CreditsResult,
  type GridEvidence,
  type GridOptions,
  type GridResult,
  type IndicesResult,
  type MatrixInput,
  type NumericScoring,
  type OesResult,
  type ProjectiveOptions,
  type ProjectiveQuestion,
  type ProjectiveQuestionResult,
  type ProjectiveResult,
  type RuleCleaningSession,
  type Subscores,
  type TimeScoreOptions,
  type TimeScoreResult,
  type AggregateResult,
} from './types.ts';
import { encodeRules, RULE_TABLE_LENGTH } from './rule-table.ts';
import { ibsRun, type AggregateRun } from './grid-evidence.ts';
import { Arena, WasmMatrix, type WasmHeap } from './wasm-memory.ts';
import { SCORING_VERSION } from './version.ts';

type Kernel = (...args: number[]) => number;

export class WasmScoring implements NumericScoring {
  readonly version = SCORING_VERSION;
  constructor(readonly heap: WasmHeap) {}

  #k(name: string): Kernel {
    return this.heap.exports[name] as Kernel;
  }

  /** Runs `fn` with an arena whose allocations are released afterwards, even on error. */
  #call<T>(fn: (a: Arena) => T): T {
    const arena = new Arena(this.heap);
    try {
      return fn(arena);
    } finally {
      arena.release();
    }
  }

  matrix(rows: number, cols: number): WasmMatrix {
    return new WasmMatrix(this.heap, rows, cols);
  }

  timeScoreOf(r: number): number | null {
    const v = this.#k('timeScoreOf')(r);
    return Number.isNaN(v) ? null : v;
  }

  timeScores(durations: MatrixInput, options: TimeScoreOptions = {}): TimeScoreResult {
    return this.#call((a) => {
      const m = a.matrix(durations);
      const ts = a.f64Out(m.rows),
        dp = a.f64Out(m.rows),
        slow = a.f64Out(m.rows),
        med = a.f64Out(m.cols);
      this.#k('timeScores')(
        m.ptr,
        m.rows,
        m.cols,
        options.totalIndex ?? -1,
        options.minRecords ?? 30,
        ts,
        dp,
        slow,
        med,
      );
      return {
        ts: a.read(ts, m.rows),
        dataPoints: a.read(dp, m.rows),
        extremelySlow: a.read(slow, m.rows),
        medians: a.read(med, m.cols),
        version: this.version,
      };
    });
  }

  gridScores(grid: MatrixInput, options: GridOptions = {}): GridResult {
    return this.#call((a) => {
      const m = a.matrix(grid);
      const sc = a.f64Out(m.rows),
        lab = a.alloc(m.rows);
      this.#k('gridScores')(
        m.ptr,
        m.rows,
        m.cols,
        options.min ?? NaN,
        options.max ?? NaN,
        options.patterns === false ? 0 : 1,
        sc,
        lab,
        0,
        0,
      );
      return {
        scores: a.read(sc, m.rows),
        labels: new Uint8Array(this.heap.buffer, lab, m.rows).slice(),
        version: this.version,
      };
    });
  }

  ibs(gridScores: readonly Float64Array[], evidence?: GridEvidence): AggregateResult {
    return this.#aggregate('ibsAggregate', gridScores, evidence && ibsRun((x) => this.#k(x), evidence));
  }

  #aggregate(kernel: string, columns: readonly Float64Array[], run?: AggregateRun): AggregateResult {
    return this.#call((a) => {
      const m = a.matrix(columns);
      const s = a.f64Out(m.rows),
        dp = a.f64Out(m.rows);
      if (run) run(a, m, { ibs: s, dataPoints: dp });
      else this.#k(kernel)(m.ptr, m.rows, m.cols, s, dp);
      return { score: a.read(s, m.rows), dataPoints: a.read(dp, m.rows), version: this.version };
    });
  }

  indices(items: MatrixInput, confidence = 0.99): IndicesResult {
    return this.#call((a) => {
      const m = a.matrix(items);
      const n = m.rows;
      const ls = a.f64Out(n),
        avg = a.f64Out(n),
        sd = a.f64Out(n),
        d2 = a.f64Out(n),
        flag = a.f64Out(n);
      this.#k('longstring')(m.ptr, n, m.cols, ls, avg);
      this.#k('irv')(m.ptr, n, m.cols, sd);
      const rank = this.#k('mahad')(m.ptr, n, m.cols, confidence, d2, flag);
      return {
        longstring: a.read(ls, n),
        avgstr: a.read(avg, n),
        irv: a.read(sd, n),
        mahad: a.read(d2, n),
        mahadFlag: a.read(flag, n),
        rank,
        version: this.version,
      };
    });
  }

  evenOdd(items: MatrixInput, factors: readonly number[]): Float64Array {
    return this.#call((a) => {
      const m = a.matrix(items);
      const out = a.f64Out(m.rows);
      this.#k('evenodd')(m.ptr, m.rows, m.cols, a.i32In(factors), factors.length, out);
      return a.read(out, m.rows);
    });
  }

  psychSyn(items: MatrixInput, options: { critval?: number; antonyms?: boolean } = {}): Float64Array {
    return this.#call((a) => {
      const m = a.matrix(items);
      const out = a.f64Out(m.rows);
      this.#k('psychsyn')(m.ptr, m.rows, m.cols, options.critval ?? 0.6, options.antonyms ? 1 : 0, out);
      return a.read(out, m.rows);
    });
  }

  consistency(grids: readonly ConsistencyGrid[]): ConsistencyResult {
    return this.#call((a) => {
      // Inputs first: views into WASM memory must be resolved before any allocation can grow it.
      const mats = grids.map((g) => a.resident(g.items));
      const ms = grids.map((g, gi) => mats[gi] ?? a.matrix(g.items));
      const n = ms[0]?.rows ?? 0;
      ms.forEach((m, gi) => {
        if (m.rows !== n) throw new RangeError(`consistency grid ${gi + 1} has ${m.rows} rows, expected ${n}`);
      });
      const G = grids.length;
      const models = ms.map((m) => a.alloc(this.#k('consistencyModelBytes')(m.cols)));
      const d2 = a.alloc(Math.max(1, G) * n * 4);
      // The distances come from the grid pass (sixteen rows per block where the scale allows); its
      // scores and labels land in scratch and are dropped.
      const scores = a.f64Out(n),
        labels = a.alloc(n);
      ms.forEach((m, gi) => {
        const g = grids[gi]!;
        this.#k('consistencyFit')(m.ptr, n, m.cols, g.min ?? NaN, g.max ?? NaN, models[gi]!);
        this.#k('gridScores')(
          m.ptr,
          n,
          m.cols,
          g.min ?? NaN,
          g.max ?? NaN,
          1,
          scores,
          labels,
          models[gi]!,
          d2 + gi * n * 4,
        );
      });
      const modelPtrs = a.i32In(models);
      const score = a.f64Out(n),
        dp = a.f64Out(n),
        own = a.f64Out(n),
        cal = a.f64Out(2);
      this.#k('consistencyCalibrate')(d2, n, G, modelPtrs, cal);
      this.#k('consistencyAggregate')(d2, n, G, modelPtrs, cal, score, dp);
      const gridResults = ms.map((_, gi) => {
        this.#k('consistencyScores')(d2 + gi * n * 4, n, models[gi]!, own);
        // Model block: fitted, sample, core, rank, nu2, label cut (consistency-fit.ts).
        const info = a.read(models[gi]!, 6);
        return {
          d2: Float64Array.from(new Float32Array(this.heap.buffer, d2 + gi * n * 4, n)),
          score: a.read(own, n),
          fitted: info[0] === 1,
          sample: info[1]!,
          core: info[2]!,
          rank: info[3]!,
          labelCut: info[0] === 1 ? info[5]! : Infinity,
        };
      });
      return { score: a.read(score, n), dataPoints: a.read(dp, n), grids: gridResults, version: this.version };
    });
  }

  projective(questions: readonly ProjectiveQuestion[], options: ProjectiveOptions = {}): ProjectiveResult {
    // Every question writes straight into column q of resident n x Q matrices, which the row means
    // then read in place: per-question results cross the boundary once.
    return this.#call((a) => {
      const n = questions[0]?.choice.length ?? 0;
      const nq = questions.length;
      // Inputs first: views into WASM memory must be resolved before any allocation can grow it.
      const inputs = questions.map((q, qi) => {
        if (q.choice.length !== n)
          throw new RangeError(`projective question ${qi + 1} has ${q.choice.length} rows, expected ${n}`);
        return { choice: a.f64Inputs([q.choice], n)[0]!, pred: a.matrix(q.predictions) };
      });
      const ps = a.f64Out(n * nq),
        cs = a.f64Out(n * nq),
        col = a.f64Out(n * nq);
      const purposes = a.alloc(Math.max(1, nq));
      const results: ProjectiveQuestionResult[] = questions.map((q, qi) => {
        const m = q.options ?? (q.predictions.length === 1 ? 2 : q.predictions.length);
        const { choice, pred } = inputs[qi]!;
        const share = a.f64Out(m),
          geo = a.f64Out(m),
          ari = a.f64Out(m),
          opt = a.f64Out(m);
        const off = qi * n * 8;
        const isSd = q.purpose === 'social-desirability';
        new Uint8Array(this.heap.buffer, purposes + qi, 1)[0] = isSd ? 1 : 0;
        const count = this.#k('projectiveQuestion')(
          choice,
          pred.ptr,
          n,
          m,
          pred.cols,
          isSd ? 1 : 0,
          options.lambda ?? 1,
          options.minRecords ?? 30,
          ps + off,
          cs + off,
          col + off,
          share,
          geo,
          ari,
          opt,
        );
        return {
          share: a.read(share, m),
          geoMean: a.read(geo, m),
          ariMean: a.read(ari, m),
          optionScore: a.read(opt, m),
          n: count,
          ...(options.rowsPerQuestion
            ? { ps: a.read(ps + off, n), cs: a.read(cs + off, n), collective: a.read(col + off, n) }
            : {}),
        };
      });
      const out = [a.f64Out(n), a.f64Out(n), a.f64Out(n), a.f64Out(n), a.f64Out(n)] as const;
      this.#k('projectiveAggregate')(ps, cs, col, purposes, n, nq, ...out);
      return {
        ps: a.read(out[0], n),
        cs: a.read(out[1], n),
        is: a.read(out[2], n),
        sds: a.read(out[3], n),
        dataPoints: a.read(out[4], n),
        questions: results,
        version: this.version,
      };
    });
  }

  mcSds(items: MatrixInput, codes = { true: 1, false: 0 }): Float64Array {
    return this.#call((a) => {
      const m = a.matrix(items);
      if (m.cols !== 13) throw new RangeError(`Marlowe-Crowne form C has 13 items, got ${m.cols}`);
      const out = a.f64Out(m.rows);
      this.#k('mcSds')(m.ptr, m.rows, codes.true, codes.false, out);
      return a.read(out, m.rows);
    });
  }

  oes(categories: readonly Int32Array[]): OesResult {
    return this.#call((a) => {
      const n = categories[0]?.length ?? 0;
      const p = a.alloc(n * categories.length * 4);
      categories.forEach((c, j) => this.heap.i32(p + j * n * 4, n).set(c));
      const s = a.f64Out(n),
        dp = a.f64Out(n),
        bad = a.f64Out(n);
      this.#k('oesAggregate')(p, n, categories.length, s, dp, bad);
      return { score: a.read(s, n), dataPoints: a.read(dp, n), badAnswers: a.read(bad, n), version: this.version };
    });
  }

  combined(sub: Subscores, rows: number, w: CombinedWeights = DEFAULT_WEIGHTS): CombinedResult {
    return this.#call((a) => {
      const [oes, ts, ibs, ps, cs, con, bas] = a.f64Inputs(
        [sub.oes, sub.ts, sub.ibs, sub.ps, sub.cs, sub.con, sub.bas],
        rows,
      );
      const out = a.f64Out(rows),
        cnt = a.f64Out(rows);
      this.#k('combinedScores')(
        oes!,
        ts!,
        ibs!,
        ps!,
        cs!,
        con!,
        bas!,
        rows,
        w.oes,
        w.ts,
        w.ibs,
        w.ps,
        w.cs,
        w.con ?? DEFAULT_WEIGHTS.con,
        w.bas ?? DEFAULT_WEIGHTS.bas,
        w.cap,
        out,
        cnt,
      );
      return { combined: a.read(out, rows), nSubscores: a.read(cnt, rows), version: this.version };
    });
  }

  cleaningSession(input: CleaningInput): RuleCleaningSession {
    // The score columns are written once; each run sends only the rule table (RULE_TABLE_LENGTH numbers).
    const arena = new Arena(this.heap);
    const n = input.rows;
    const K = RULE_KEYS.length;
    const scores = arena.alloc(n * K * 8),
      dps = arena.alloc(n * K * 8);
    RULE_KEYS.forEach((key, s) => {
      this.heap.f64(scores + s * n * 8, n).set(input.scores[key] ?? new Float64Array(n).fill(Number.NaN));
      this.heap.f64(dps + s * n * 8, n).set(input.dataPoints?.[key] ?? new Float64Array(n));
    });
    const bad = input.badAnswers ? arena.f64In(input.badAnswers) : arena.f64In(new Float64Array(n));
    const manual = input.manual ? arena.f64In(input.manual) : arena.f64In(new Float64Array(n));
    const dup = input.duplicate ? arena.f64In(input.duplicate) : arena.f64In(new Float64Array(n));
    const cell = input.quota ? arena.f64In(input.quota.cell) : arena.nan(n);
    const targets = input.quota ? arena.f64In(input.quota.targets) : arena.alloc(8);
    const nc = input.quota?.targets.length ?? 0;
    const cfg = arena.alloc(RULE_TABLE_LENGTH * 8),
      kept = arena.f64Out(n),
      reasons = arena.f64Out(n),
      primary = arena.f64Out(n),
      checks = arena.f64Out(n);
    return {
      run: (rules: CleaningRules): CleaningResult => {
        this.heap.f64(cfg, RULE_TABLE_LENGTH).set(encodeRules(rules));
        const keptCount = this.#k('clean')(
          scores,
          dps,
          bad,
          manual,
          dup,
          cell,
          targets,
          nc,
          n,
          cfg,
          kept,
          reasons,
          primary,
          checks,
        );
        return {
          kept: Uint8Array.from(this.heap.f64(kept, n)),
          reasons: Uint16Array.from(this.heap.f64(reasons, n)),
          primary: Int8Array.from(this.heap.f64(primary, n)),
          checks: Uint16Array.from(this.heap.f64(checks, n)),
          keptCount,
          version: this.version,
        };
      },
      free: () => arena.release(),
    };
  }

  clean(input: CleaningInput, rules: CleaningRules = DEFAULT_RULES): CleaningResult {
    const session = this.cleaningSession(input);
    try {
      return session.run(rules);
    } finally {
      session.free();
    }
  }

  certificate(combined: Float64Array, kept: Uint8Array, kinds: number): CertificateResult {
    return this.#call((a) => {
      const n = combined.length;
      const stats = a.f64Out(4);
      const level = this.#k('certificateLevel')(a.f64In(combined), a.f64In(kept), n, kinds, stats);
      const s = a.read(stats, 4);
      return {
        level,
        nKept: s[0]!,
        meanCombined: Number.isNaN(s[1]) ? null : s[1]!,
        shareScored: s[2]!,
        lowestCombined: Number.isNaN(s[3]) ? null : s[3]!,
        version: this.version,
      };
    });
  }

  credits(dataPoints: readonly Float64Array[]): CreditsResult {
    return this.#call((a) => {
      const m = a.matrix(dataPoints);
      const out = a.f64Out(m.rows);
      const total = this.#k('credits')(m.ptr, m.rows, m.cols, out);
      return { perInterview: a.read(out, m.rows), total, version: this.version };
    });
  }

  chiSquareQuantile(p: number, df: number): number {
    return this.#k('chiSquareQuantile')(p, df);
  }
}
