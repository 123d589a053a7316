// What a processing run takes and gives back (processing/process.ts, prepare.ts and check.ts share them).
import type {
  ClassificationResult,
  CombinedWeights,
  OpenQuestion,
  OpenQuestionConfig,
  Scoring,
} from '../../../scoring/index';
import type { OpenEndedWorker } from '../../../scoring/open-ended-worker';
import type { UploadBlobStore } from '../blob';
import type { UploadLimits } from '../limits';
import type { ColumnMapping, ReadOptions, TableHeader, TableSource, UploadFormat } from '../types';
import type { ScoreInputs } from '../validate/collector';
import type { ValidationIssue } from '../validate/mapping';
import type { UploadSummary } from './summary';
import type { CoherenceColumns } from '../columnar/writers';

export type { CoherenceColumns };

/** The scoring facade as the engine uses it (deps.scoring). */
export type UploadScoring = Pick<Scoring, 'scoreChunked' | 'classifyOpenEnded' | 'behaviourCategories' | 'version'>;

export interface ProcessUploadInput {
  blobs: UploadBlobStore;
  scoring: UploadScoring;
  /** The stored upload (uploads/<key>) and its format. */
  source: { key: string; format: UploadFormat };
  options: ReadOptions;
  mapping: ColumnMapping;
  datafileId: string;
  revision: number;
  /** Re-upload: the revision before this one (its column names must match; its charged ids are not charged again). */
  previous?: { revision: number; columns: readonly string[] };
  /** The datafile's saved weights of the combined score (docs/worksheet.md); absent: the defaults. */
  weights?: CombinedWeights;
  /** The stored upload already opened (an early parse of the same object, parse/early.ts); absent: it is read here. */
  table?: TableSource;
  limits?: Partial<UploadLimits>;
  /** Where the score inputs wait between the parse and the scoring (default: the system's temporary folder). */
  tempDir?: string;
  /** With `onParsed`: estimated bytes of parsed rows held back from raw.arrow until then (default HELD_ROWS_BYTES). */
  heldRowsBytes?: number;
  /** Progress in percent (0..100) with the phase; called at most every few hundred milliseconds. */
  onProgress?: (percent: number, phase: ProcessPhase) => void;
  /**
   * Starts the open-ended classifier on a thread of its own (scoring/open-ended-worker.ts,
   * `startOpenEndedWorker`): it gets the answers while the file is parsed and runs the per-text work
   * meanwhile, so only the cross-answer rules are left once the parse ends. Same verdicts as
   * classifying after the parse, which is what happens without it.
   */
  openEndedWorker?: (questions: readonly OpenQuestionConfig[]) => OpenEndedWorker;
  /** Compute everything, write nothing (the credit estimate of step 3). */
  dryRun?: boolean;
  /**
   * A folder inside the revision's prefix (e.g. `prepared-<job id>/`) for every file, the manifest
   * included: a revision prepared while step 3 is shown, published later by copying that manifest
   * to the revision's own (processing/prepare.ts). Only that folder is cleared first and on failure.
   * Default: the revision's prefix itself, manifest last (published at once).
   */
  folder?: string;
  now?: () => Date;
  /**
   * Step 2 -> 3's check in the same read (processing/prepare.ts, `checkAndPrepare`): called once the
   * data points are validated against the file, with every issue found (the structure of a
   * re-upload, the mapping, the whole file's values) or, when there is none, the valid inputs.
   * Processing goes on when it resolves, and stops with the first issue otherwise.
   */
  onParsed?: (parsed: ParsedUpload) => Promise<void>;
  /**
   * The optional AI judge (api/modules/open-ended-judge): gets the open questions and the offline
   * classification, returns the final categories and where each came from (1 = judge), or
   * undefined to keep the offline verdicts. Categories 0 (not scored) must stay 0.
   */
  judge?: (questions: readonly OpenQuestion[], offline: ClassificationResult) => Promise<JudgedCategories | undefined>;
  /**
   * The optional coherence judge (api/modules/coherence-judge): reads the open answers of each
   * interview and returns a coherence score and the contradictions per row (scores.arrow's `coh`).
   */
  coherence?: (open: readonly CoherenceQuestion[], rows: number) => Promise<CoherenceColumns>;
}

export type CoherenceQuestion = { column: string; title: string; answers: readonly (string | null)[] };

export type JudgedCategories = { categories: Int32Array[]; sources: Uint8Array[] };

/** What processing hands back: the summary, and each new record's credits (4..10, row order) for the charge. */
export type ProcessedUpload = UploadSummary & { interviewCredits: Uint8Array };

/** What `onParsed` gets: the file's header, and every issue or else the valid inputs. */
export type ParsedUpload = { header: TableHeader; issues: readonly ValidationIssue[]; inputs?: ScoreInputs };

export type ProcessPhase = 'parse' | 'classify' | 'score' | 'write' | 'publish' | 'done';
