// Types shared by the WASM facade (index.ts) and the plain TypeScript reference (reference.ts).
// Convention: every score is a float in [0, 100]; a score that cannot be computed (`null` in the
// specification) is NaN inside typed arrays and `null` in scalar results.

/** Column-major numeric matrix: `data[j * rows + i]` is row (interview) i, column (item) j; -999 and NaN missing. */
export interface ColumnMajor {
  readonly rows: number;
  readonly cols: number;
  readonly data: Float64Array;
}

/** A matrix given either as one column-major array or as one Float64Array per column. */
export type MatrixInput = ColumnMajor | readonly Float64Array[];

// Grid labels of the per-grid score. 'Inconsistent' replaces 'OK' where the grid's own consistency
// score is in the red band (see ConsistencyResult); only scoreAll sets it.
export const GRID_LABELS = ['none', 'OK', 'Straightliner', 'Partial Straightliner', 'Pattern', 'Inconsistent'] as const;
export type GridLabel = (typeof GRID_LABELS)[number];

export interface TimeScoreOptions {
  /** Column of the total duration (seconds), or -1 / undefined when only pages exist. */
  totalIndex?: number;
  /** Minimum valid durations per metric (default 30, a product rule). */
  minRecords?: number;
}

export interface TimeScoreResult {
  /** TS per interview, 0..100, NaN = null. */
  ts: Float64Array;
  /** Number of metric scores used per interview. */
  dataPoints: Float64Array;
  /** 1 where some metric took more than 10 times its median ("extremely slow"), else 0. */
  extremelySlow: Float64Array;
  /** Median per metric in seconds, NaN when fewer than minRecords valid durations. */
  medians: Float64Array;
  version: string;
}

export interface GridOptions {
  /** Lowest valid answer code (inclusive); undefined = unbounded. */
  min?: number;
  /** Highest valid answer code (inclusive); undefined = unbounded. */
  max?: number;
  /** false when item order was randomised and the display order is unknown (skips pattern checks). */
  patterns?: boolean;
}

export interface GridResult {
  /** Grid score per interview, 0..100, NaN when fewer than 5 valid answers (patterns only from 7). */
  scores: Float64Array;
  /** Label index into GRID_LABELS per interview (0 = not scored). */
  labels: Uint8Array;
  version: string;
}

/**
 * What the interview's grid score weighs each grid's straight or partly straight line by: the grid's
 * items, and how many respondents of the file draw that line while answering another grid otherwise.
 */
export interface GridEvidence {
  /** Per grid, its labels (GridResult.labels, after the Inconsistent marks or before: both read alike). */
  labels: readonly Uint8Array[];
  /** Per grid, its number of items. */
  items: readonly number[];
  /**
   * Per grid, the file's line counts [rows scored, isolated straight lines, isolated straight or
   * partly straight lines]; default: counted from `labels` (give them when `labels` is part of a file).
   */
  counts?: readonly (readonly number[])[];
}

export interface AggregateResult {
  /** Score per interview, 0..100, NaN = null. */
  score: Float64Array;
  /** Data points used per interview. */
  dataPoints: Float64Array;
  version: string;
}

export interface IndicesResult {
  longstring: Float64Array;
  avgstr: Float64Array;
  /** Standard deviation (n - 1) of each row's valid answers. */
  irv: Float64Array;
  /** Squared Mahalanobis distance D². */
  mahad: Float64Array;
  /** 1 where D² exceeds the chi-square quantile (df = covariance rank, normally the item count). */
  mahadFlag: Float64Array;
  /** Rank of the covariance matrix = degrees of freedom of the flag. */
  rank: number;
  version: string;
}

/** One item battery for the consistency score: its items and scale bounds (GridOptions; `patterns` is not used). */
export interface ConsistencyGrid extends GridOptions {
  items: MatrixInput;
}

export interface ConsistencyGridResult {
  /** Calibrated robust squared Mahalanobis distance per interview (NaN: fewer than 5 valid answers, or no fit). */
  d2: Float64Array;
  /** The grid's own consistency score per interview, 0..100, NaN = null. */
  score: Float64Array;
  /** False when the sample was too small (fewer than max(50, 10 x items) complete interviews) or without variation. */
  fitted: boolean;
  /** Complete interviews the fit used (all of them up to 2,048, else 2,048 in runs spread over the file). */
  sample: number;
  /** Interviews in the reweighted core of the fit. */
  core: number;
  /** Covariance rank = degrees of freedom of d2. */
  rank: number;
  /** d2 above which the grid's own score is in the red band: scoreAll labels such OK grids 'Inconsistent'. */
  labelCut: number;
}

export interface ConsistencyResult {
  /** Consistency score per interview over all its fitted grids, 0..100, NaN = null. */
  score: Float64Array;
  /** Grids that entered the score per interview. */
  dataPoints: Float64Array;
  grids: ConsistencyGridResult[];
  version: string;
}

export interface ProjectiveQuestion {
  /** Chosen option per respondent, 1..m. */
  choice: Float64Array;
  /** Predicted percentage of others choosing each option (m columns), or one column for a binary question. */
  predictions: readonly Float64Array[];
  /** Number of options m (default: predictions.length, or 2 with a single column). */
  options?: number;
  purpose: 'information' | 'social-desirability';
}

export interface ProjectiveOptions {
  /** KL multiplier of the Prediction-Score (default 1). */
  lambda?: number;
  /** Minimum respondents with a valid choice and prediction (default 30). */
  minRecords?: number;
  /**
   * Also return PS, CS and IS/SDS per question and respondent (default false: the per-interview means
   * and the per-option statistics are what the product shows, and a million rows per question cost).
   */
  rowsPerQuestion?: boolean;
}

export interface ProjectiveQuestionResult {
  /** Per respondent, only with `rowsPerQuestion` (the reference always fills them). */
  ps?: Float64Array;
  cs?: Float64Array;
  /** IS (information) or SDS (social desirability) of the chosen option per respondent. */
  collective?: Float64Array;
  /** Per option: share choosing it, geometric and arithmetic mean prediction, IS_k or SDS_k. */
  share: Float64Array;
  geoMean: Float64Array;
  ariMean: Float64Array;
  optionScore: Float64Array;
  /** Respondents with a valid choice and prediction (N_q). */
  n: number;
}

export interface ProjectiveResult {
  ps: Float64Array;
  cs: Float64Array;
  is: Float64Array;
  sds: Float64Array;
  /** Valid projective questions per interview (the data points of PS and CS). */
  dataPoints: Float64Array;
  questions: ProjectiveQuestionResult[];
  version: string;
}

export interface OesResult extends AggregateResult {
  /** Answers per interview in the categories {6, 7, 10, 11, 12, 13, 14}. */
  badAnswers: Float64Array;
}

export interface CombinedWeights {
  oes: number;
  ts: number;
  ibs: number;
  ps: number;
  cs: number;
  /**
   * Consistency score, a core score like TS and IBS (averaged and part of the cap); 0 leaves it out
   * entirely. Optional so that weight sets saved before it existed keep working: absent means
   * DEFAULT_WEIGHTS.con.
   */
  con?: number;
  /** Behaviour score, averaged like PS and CS (not in the cap); 0 leaves it out; absent: DEFAULT_WEIGHTS.bas. */
  bas?: number;
  /** Weakest-link cap over OES, TS, IBS; negative switches it off. */
  cap: number;
}

export const DEFAULT_WEIGHTS: Required<CombinedWeights> = {
  oes: 3,
  ts: 2,
  ibs: 2,
  ps: 1,
  cs: 1,
  con: 2,
  bas: 2,
  cap: 30,
};

export interface Subscores {
  oes?: Float64Array;
  ts?: Float64Array;
  ibs?: Float64Array;
  ps?: Float64Array;
  cs?: Float64Array;
  con?: Float64Array;
  bas?: Float64Array;
}

export interface CombinedResult {
  combined: Float64Array;
  nSubscores: Float64Array;
  version: string;
}

/**
 * Exclusion reasons in the product order; the primary reason is the first that fired. 'CON', 'target'
 * (trimmed to the target size, which the product counted under 'combined'), 'BAS' and 'DUP' (a
 * duplicate respondent) were added later and come last, so the product's reasons keep their bits.
 */
export const REASONS = [
  'manual',
  'combined',
  'quota',
  'IS',
  'PS',
  'CS',
  'SDS',
  'TS',
  'IBS',
  'OES',
  'CON',
  'target',
  'BAS',
  'DUP',
  'COH',
] as const;
export type Reason = (typeof REASONS)[number];

/** Scores the rules read, in the column order of the kernel. */
export const RULE_KEYS = ['combined', 'is', 'ps', 'cs', 'sds', 'ts', 'ibs', 'oes', 'con', 'bas', 'coh'] as const;
export type RuleKey = (typeof RULE_KEYS)[number];

export interface ScoreRule {
  enabled: boolean;
  /** Fires when the score is below this value (0..100). */
  threshold: number;
  /** ... and the score has at least this many data points. */
  minDataPoints: number;
}

export interface CleaningRules {
  rules: Record<RuleKey, ScoreRule>;
  /** OES rule: at least `min` answers in categories {6, 7, 10, 11, 12, 13, 14}. */
  badAnswers: { enabled: boolean; min: number };
  /** Target sample size; trimming drops the lowest combined scores when `trim` is set. */
  target?: { n: number; trim: boolean };
  /**
   * Remove an interview only when at least this many checks fail (every enabled score rule and the
   * bad-answers rule is one check). Absent or 1: any failing check removes, the product's OR rule.
   */
  minFailing?: number;
}

export const DEFAULT_RULES: CleaningRules = {
  rules: {
    combined: { enabled: true, threshold: 60, minDataPoints: 0 },
    is: { enabled: false, threshold: 50, minDataPoints: 0 },
    ps: { enabled: false, threshold: 50, minDataPoints: 0 },
    cs: { enabled: false, threshold: 50, minDataPoints: 0 },
    sds: { enabled: false, threshold: 50, minDataPoints: 0 },
    ts: { enabled: true, threshold: 20, minDataPoints: 0 },
    ibs: { enabled: true, threshold: 20, minDataPoints: 2 },
    oes: { enabled: true, threshold: 40, minDataPoints: 2 },
    con: { enabled: true, threshold: 20, minDataPoints: 1 },
    bas: { enabled: true, threshold: 20, minDataPoints: 1 },
    // Coherence: off by default (the judge itself is optional and a model's reading, not a measure).
    coh: { enabled: false, threshold: 50, minDataPoints: 2 },
  },
  badAnswers: { enabled: true, min: 2 },
};

export interface CleaningInput {
  /** Score columns (NaN = null); missing columns count as all-null. */
  scores: Partial<Record<RuleKey, Float64Array>>;
  dataPoints?: Partial<Record<RuleKey, Float64Array>>;
  /** Answers in the bad categories per interview (from the OES result). */
  badAnswers?: Float64Array;
  /** 0 none, 1 exclude, 2 keep. */
  manual?: Float64Array;
  /** 1: a duplicate respondent to remove (reason 'DUP'), resolved by scoring/duplicate-rule.ts. */
  duplicate?: Float64Array;
  /** Quota cell per interview (0..cells-1, anything else = none) and the target per cell. */
  quota?: { cell: Float64Array; targets: Float64Array };
  rows: number;
}

export interface CleaningResult {
  /** 1 kept, 0 excluded. */
  kept: Uint8Array;
  /** Bit set of reasons (bit i = REASONS[i]) per interview. */
  reasons: Uint16Array;
  /** Index into REASONS of the primary reason, -1 when kept. */
  primary: Int8Array;
  /**
   * Bit set of the checks that failed per interview, whether or not they removed it: bit s for
   * RULE_KEYS[s], bit RULE_KEYS.length (CHECK_BAD_ANSWERS) for the bad-answers rule.
   */
  checks: Uint16Array;
  keptCount: number;
  version: string;
}

/** Bit of the bad-answers rule in CleaningResult.checks (the score rules take 0..RULE_KEYS.length - 1). */
export const CHECK_BAD_ANSWERS: number = RULE_KEYS.length;

export const SCORE_KINDS = { ts: 1, ibs: 2, oes: 4, ps: 8, cs: 16 } as const;

export interface CertificateResult {
  /** 0 = no certificate, else 1..3 (3 best). */
  level: number;
  nKept: number;
  meanCombined: number | null;
  shareScored: number;
  lowestCombined: number | null;
  version: string;
}

export interface CreditsResult {
  /** Credits per interview, whole numbers in [4, 10]. */
  perInterview: Float64Array;
  total: number;
  version: string;
}

export interface RuleCleaningSession {
  /** Re-runs the rules over the resident scores; only the rule table crosses the boundary. */
  run(rules: CleaningRules): CleaningResult;
  free(): void;
}

/** The numeric scoring API, implemented by the WASM facade and by the plain TypeScript reference. */
export interface NumericScoring {
  readonly version: string;
  /** Time score f(r) for a duration `r` times the median (1 = median); 0..100, null for NaN. */
  timeScoreOf(r: number): number | null;
  timeScores(durations: MatrixInput, options?: TimeScoreOptions): TimeScoreResult;
  gridScores(grid: MatrixInput, options?: GridOptions): GridResult;
  /**
   * IBS = (mean + min) / 2 over the scored grids, from one grid-score column per grid; with `evidence`,
   * a straight or partly straight grid counts by the evidence it gives (scoring/README.md, "Grid score").
   */
  ibs(gridScores: readonly Float64Array[], evidence?: GridEvidence): AggregateResult;
  /** longstring, avgstr, irv and Mahalanobis D² of every row; `confidence` for the D² flag (default 0.99). */
  indices(items: MatrixInput, confidence?: number): IndicesResult;
  /** Even-odd consistency with `factors` = consecutive scale lengths. */
  evenOdd(items: MatrixInput, factors: readonly number[]): Float64Array;
  /** Psychometric synonyms (or antonyms) with critical correlation `critval` (default 0.60). */
  psychSyn(items: MatrixInput, options?: { critval?: number; antonyms?: boolean }): Float64Array;
  /**
   * Consistency score of the interviews over item batteries: a robust (reweighted MCD) Mahalanobis
   * distance per grid, calibrated on the sample, summed over the grids and mapped to 0..100.
   */
  consistency(grids: readonly ConsistencyGrid[]): ConsistencyResult;
  projective(questions: readonly ProjectiveQuestion[], options?: ProjectiveOptions): ProjectiveResult;
  /** Marlowe-Crowne form C SDS from 13 columns coded true/false (defaults 1 and 0). */
  mcSds(items: MatrixInput, codes?: { true: number; false: number }): Float64Array;
  /** OES per interview from one Int32Array of category codes per open question (0 = not scored). */
  oes(categories: readonly Int32Array[]): OesResult;
  combined(subscores: Subscores, rows: number, weights?: CombinedWeights): CombinedResult;
  clean(input: CleaningInput, rules?: CleaningRules): CleaningResult;
  cleaningSession(input: CleaningInput): RuleCleaningSession;
  /** Certificate of the cleaned data; `kinds` is a bit set of SCORE_KINDS used in the project. */
  certificate(combined: Float64Array, kept: Uint8Array, kinds: number): CertificateResult;
  /** Credits from data-point columns (TS metrics, grids, open answers, projective questions). */
  credits(dataPoints: readonly Float64Array[]): CreditsResult;
  /** Chi-square quantile at probability p with df degrees of freedom. */
  chiSquareQuantile(p: number, df: number): number;
}

/** Everything numeric about a set of interviews in one call (the upload and worksheet path). */
export interface PipelineInput {
  rows: number;
  /** Total duration and/or page durations in seconds, one column each. */
  durations?: { matrix: MatrixInput; totalIndex?: number; minRecords?: number };
  grids?: readonly ({ items: MatrixInput } & GridOptions)[];
  /** Open-ended category codes per question (from classifyOpenEnded), 0 = not scored. */
  openCategories?: readonly Int32Array[];
  /** Behaviour category codes per open answer with paradata (behaviourCategories), 0 = not scored. */
  behaviourCategories?: readonly Int32Array[];
  projective?: readonly ProjectiveQuestion[];
  projectiveOptions?: Omit<ProjectiveOptions, 'rowsPerQuestion'>;
  weights?: CombinedWeights;
  /** Consistency score over the grids (default true; false leaves it null and the grid labels without 'Inconsistent'). */
  consistency?: boolean;
}

/** How `scoreAll` hands out its results. */
export interface PipelineOptions {
  /**
   * Keep the result columns in WASM memory instead of copying them out (large data: no second copy
   * of every column, no fresh pages). The arrays are views that stay valid until `free()`; after it
   * they alias memory that later calls reuse. Where the engine cannot keep views valid across memory
   * growth (no resizable WASM buffers), the results are copied anyway and `free()` does nothing.
   */
  resident?: boolean;
}

/** A `scoreAll` result that may live in WASM memory: call `free()` once it is no longer used. */
export interface ResidentPipelineResult extends PipelineResult {
  /** True when the columns are views into WASM memory (false: they were copied out). */
  readonly resident: boolean;
  free(): void;
}

export interface PipelineResult {
  ts: Float64Array;
  tsDataPoints: Float64Array;
  extremelySlow: Float64Array;
  grids: { scores: Float64Array; labels: Uint8Array }[];
  ibs: Float64Array;
  ibsDataPoints: Float64Array;
  /** Consistency score, 0..100, NaN = null, and the grids it used. */
  consistency: Float64Array;
  consistencyDataPoints: Float64Array;
  oes: Float64Array;
  oesDataPoints: Float64Array;
  badAnswers: Float64Array;
  /** Behaviour score, 0..100, NaN = null (no paradata), and the answers it rests on. */
  bas: Float64Array;
  basDataPoints: Float64Array;
  ps: Float64Array;
  cs: Float64Array;
  is: Float64Array;
  sds: Float64Array;
  projectiveDataPoints: Float64Array;
  combined: Float64Array;
  nSubscores: Float64Array;
  /** Credits per interview (4..10) and their sum. */
  credits: Float64Array;
  totalCredits: number;
  version: string;
}
