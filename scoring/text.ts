// Open-ended classification (section 5): facade side. Placeholder until the WASM text kernels land.
import type { WasmHeap } from './wasm-memory.ts';

/** Category scores of section 5.2 by code. */
export const CATEGORY_SCORES: Readonly<Record<number, number>> = {
  1: 100, 4: 50, 5: 50, 6: 10, 7: 10, 8: 0, 9: 20, 10: 20, 11: 20, 12: 0, 13: 0, [-2]: 0,
};

export const CATEGORY_NAMES: Readonly<Record<number, string>> = {
  0: 'Not scored', 1: 'Valid Answer', 4: 'Generic Answer', 5: 'No Information', 6: 'Bad Language', 7: 'Nonsense',
  8: 'Duplicate Respondent', 9: 'Duplicate Answer', 10: 'Wrong Topic', 11: 'Wrong Language', 12: 'Copy Paste',
  13: 'Fake Answer', [-2]: 'AI Error',
};

/** Optional paradata per answer of one question (one value per interview; NaN = unknown). */
export interface OpenAnswerParadata {
  /** Seconds spent on the question. */
  seconds?: Float64Array;
  /** Paste events. */
  pastes?: Float64Array;
  /** Keystrokes. */
  keystrokes?: Float64Array;
}

export interface OpenQuestion {
  /** Question text as shown to respondents. */
  text: string;
  keywords?: readonly string[];
  /** ISO 639-1 codes, e.g. ['de', 'en']; empty or absent = any language. */
  allowedLanguages?: readonly string[];
  /** Duplicate-respondent detection (default on). */
  duplicateDetection?: boolean;
  /** Wrong-topic check; default: on when keywords are configured (section 16.5). */
  topicCheck?: boolean;
  /** One answer per interview; null, '' and '-999' are not scored. */
  answers: readonly (string | null | undefined)[];
  paradata?: OpenAnswerParadata;
}

export interface ClassificationResult {
  /** Category code per interview and question (0 = not scored), one Int32Array per question. */
  categories: Int32Array[];
  /** Duplicate-respondent cluster id per answer (-1 = none), one Int32Array per question. */
  clusters: Int32Array[];
  version: string;
}

export interface TextClassifier {
  /**
   * Classifies every answer of every open question (pass A per answer, pass B over the dataset).
   * `order` optionally gives each interview's start time, used to decide which duplicate is earliest.
   */
  classifyOpenEnded(questions: readonly OpenQuestion[], options?: { order?: Float64Array }): ClassificationResult;
}

export function createTextClassifier(_heap: WasmHeap): TextClassifier {
  return {
    classifyOpenEnded(): ClassificationResult {
      throw new Error('scoring: open-ended classification is not available yet');
    },
  };
}
