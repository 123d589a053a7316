// Open-ended classification, facade side: the types, the word lists (JSON data files bundled with
// the facade and loaded into WASM memory once per instance) and the classifier, which runs as a
// session (text-session.ts) over texts normalised and encoded by text-encode.ts.
import type { WasmHeap } from './wasm-memory.ts';
import { Arena } from './wasm-memory.ts';
import { encode, normaliseAnswer } from './text-encode.ts';
import { createSession, languageBit, LANGUAGE_ORDER, type OpenEndedSession } from './text-session.ts';
import stopDe from './words/stopwords-de.json' with { type: 'json' };
import stopEn from './words/stopwords-en.json' with { type: 'json' };
import stopFr from './words/stopwords-fr.json' with { type: 'json' };
import stopEs from './words/stopwords-es.json' with { type: 'json' };
import stopIt from './words/stopwords-it.json' with { type: 'json' };
import stopTr from './words/stopwords-tr.json' with { type: 'json' };
import stopPl from './words/stopwords-pl.json' with { type: 'json' };
import stopNl from './words/stopwords-nl.json' with { type: 'json' };
import stopPt from './words/stopwords-pt.json' with { type: 'json' };
import stopHr from './words/stopwords-hr.json' with { type: 'json' };
import stopCs from './words/stopwords-cs.json' with { type: 'json' };
import stopRo from './words/stopwords-ro.json' with { type: 'json' };
import stopHu from './words/stopwords-hu.json' with { type: 'json' };
import stopSv from './words/stopwords-sv.json' with { type: 'json' };
import fillers from './words/fillers.json' with { type: 'json' };
import noinfoPhrases from './words/noinfo-phrases.json' with { type: 'json' };
import offtopicPhrases from './words/offtopic-phrases.json' with { type: 'json' };
import eventTimes from './words/personal-event-time.json' with { type: 'json' };
import selfWords from './words/personal-self.json' with { type: 'json' };
import timeNouns from './words/time-nouns.json' with { type: 'json' };
import surveyWords from './words/survey-words.json' with { type: 'json' };
import profanityPrefixes from './words/profanity-prefixes.json' with { type: 'json' };
import genericEn from './words/generic-en.json' with { type: 'json' };
import genericDe from './words/generic-de.json' with { type: 'json' };
import intensifiers from './words/intensifiers.json' with { type: 'json' };
import noinfoEn from './words/noinfo-en.json' with { type: 'json' };
import noinfoDe from './words/noinfo-de.json' with { type: 'json' };
import profanityEn from './words/profanity-en.json' with { type: 'json' };
import profanityDe from './words/profanity-de.json' with { type: 'json' };
import aiPhrases from './words/ai-phrases.json' with { type: 'json' };
import dictionary from './words/dictionary.json' with { type: 'json' };
import explainWords from './words/explain-after-noinfo.json' with { type: 'json' };
import hedges from './words/hedges.json' with { type: 'json' };

/** The score each open-ended category gives an answer, by category code. */
export const CATEGORY_SCORES: Readonly<Record<number, number>> = {
  1: 100,
  4: 50,
  5: 50,
  6: 10,
  7: 10,
  8: 0,
  9: 20,
  10: 20,
  11: 20,
  12: 0,
  13: 0,
  14: 0,
  [-2]: 0,
};

export const CATEGORY_NAMES: Readonly<Record<number, string>> = {
  0: 'Not scored',
  1: 'Valid Answer',
  4: 'Generic Answer',
  5: 'No Information',
  6: 'Bad Language',
  7: 'Nonsense',
  8: 'Duplicate Respondent',
  9: 'Duplicate Answer',
  10: 'Wrong Topic',
  11: 'Wrong Language',
  12: 'Copy Paste',
  13: 'Fake Answer',
  14: 'AI Suspect',
  [-2]: 'AI Error',
};

/** Optional paradata per answer of one question (one value per interview; NaN = unknown). */
export interface OpenAnswerParadata {
  /** Seconds spent on the question. */
  seconds?: Float64Array;
  /** Paste events. */
  pastes?: Float64Array;
  /** Keystrokes (kept for the record; the copy-paste rule uses pastes and typing speed). */
  keystrokes?: Float64Array;
  /** Pasted characters, characters that appeared without a key or paste, and the sum of the intervals between keys (ms): the AI suspect rules (text-ai.ts). */
  pastedChars?: Float64Array;
  unexplainedChars?: Float64Array;
  typingMs?: Float64Array;
}

/** An open question without its answers (the configuration a session starts from). */
export type OpenQuestionConfig = Omit<OpenQuestion, 'answers' | 'paradata'>;

export interface OpenQuestion {
  /** Question text as shown to respondents. */
  text: string;
  keywords?: readonly string[];
  /** ISO 639-1 codes, e.g. ['de', 'en']; empty or absent = any language. */
  allowedLanguages?: readonly string[];
  /** Duplicate-respondent detection (default on). */
  duplicateDetection?: boolean;
  /** Wrong-topic check; default: on when keywords are configured. */
  topicCheck?: boolean;
  /** One answer per interview; null, '' and '-999' are not scored. */
  answers: readonly (string | null | undefined)[];
  paradata?: OpenAnswerParadata;
}

export interface ClassificationResult {
  /** Category code per interview and question (0 = not scored), one Int32Array per question. */
  categories: Int32Array[];
  /**
   * 1 where the rules are unsure of the category (topic in doubt, language not placed, long answers
   * where chatbot text hides), else 0; one Uint8Array per question. The AI judge looks at these.
   */
  unsure: Uint8Array[];
  /** Duplicate-respondent cluster per answer: row of the earliest member, -1 = none. */
  clusters: Int32Array[];
  /** Why an answer is AI suspect (category 14; AI_REASONS bits), else 0; one per question. */
  aiReasons: Uint8Array[];
  /** Effort per answer: 1 low, 2 medium, 3 high, 0 not scored; one per question. */
  effort: Int8Array[];
  version: string;
}

export interface TextClassifier {
  /**
   * Classifies every answer of every open question (pass A per answer, pass B over the dataset).
   * All questions must have one answer per interview. `order` optionally gives each interview's start
   * time, used to decide which duplicate is the earliest (otherwise row order).
   */
  classifyOpenEnded(questions: readonly OpenQuestion[], options?: { order?: Float64Array }): ClassificationResult;
  /**
   * The same classification with the answers arriving in chunks (`add` per chunk of interviews, then
   * `finish`): pass A runs on each chunk's new texts as it comes, so a caller still reading its file
   * gets that work done meanwhile. Verdicts equal `classifyOpenEnded` on all answers at once.
   */
  openEndedSession(questions: readonly OpenQuestionConfig[]): OpenEndedSession;
}

export type { OpenEndedSession } from './text-session.ts';
export { distinctTexts, normaliseAnswer } from './text-encode.ts';

/** Stop-word lists in the kernel's language order (LANGUAGE_ORDER). */
const STOP_WORDS: Readonly<Record<(typeof LANGUAGE_ORDER)[number], readonly string[]>> = {
  de: stopDe,
  en: stopEn,
  fr: stopFr,
  es: stopEs,
  it: stopIt,
  tr: stopTr,
  pl: stopPl,
  nl: stopNl,
  pt: stopPt,
  hr: stopHr,
  cs: stopCs,
  ro: stopRo,
  hu: stopHu,
  sv: stopSv,
};

// List bits, as in scoring/assembly/text-lists.ts.
const LIST = {
  generic: 32,
  intensifier: 64,
  noinfo: 128,
  profanity: 256,
  dictionary: 512,
  filler: 2048,
  noinfoPhrase: 4096,
  profanityPrefix: 8192,
  offtopic: 32768,
  self: 1 << 25,
  eventTime: 1 << 26,
  timeNoun: 1 << 27,
  surveyWord: 1 << 28,
  explain: 1 << 29,
  hedge: 1 << 30,
};

/** A phrase as the kernel hashes spans of an answer: its letter runs joined by one space ("don't know" -> "don t know"). */
export function phraseKey(text: string): string {
  return (normaliseAnswer(text).match(/\p{L}+/gu) ?? []).join(' ');
}

type Kernel = (...args: number[]) => number;

export function createTextClassifier(heap: WasmHeap): TextClassifier {
  const k = (name: string) => heap.exports[name] as Kernel;
  const load = (words: readonly string[], bits: number, kernel: string) => {
    const arena = new Arena(heap);
    try {
      const { cps, offs } = encode(words.map(normaliseAnswer));
      if (k(kernel)(arena.i32In(cps), arena.i32In(offs), words.length, bits) < 0)
        throw new Error('scoring: word table full');
    } finally {
      arena.release();
    }
  };
  let ready = false;
  const init = () => {
    if (ready) return;
    LANGUAGE_ORDER.forEach((code, l) => load(STOP_WORDS[code], languageBit(l), 'textAddWords'));
    load([...genericEn, ...genericDe], LIST.generic, 'textAddCoreWords');
    load(intensifiers, LIST.intensifier, 'textAddWords');
    load([...noinfoEn, ...noinfoDe], LIST.noinfo, 'textAddCoreWords');
    load([...profanityEn, ...profanityDe], LIST.profanity, 'textAddWords');
    load(profanityPrefixes, LIST.profanityPrefix, 'textAddWords');
    load(noinfoPhrases.map(phraseKey), LIST.noinfoPhrase, 'textAddWords');
    load(offtopicPhrases.map(phraseKey), LIST.offtopic, 'textAddWords');
    load(selfWords, LIST.self, 'textAddWords');
    load(eventTimes.map(phraseKey), LIST.eventTime, 'textAddWords');
    load(timeNouns, LIST.timeNoun, 'textAddWords');
    load(surveyWords, LIST.surveyWord, 'textAddWords');
    load(explainWords, LIST.explain, 'textAddWords');
    load(hedges, LIST.hedge, 'textAddWords');
    // The words of no-information phrases ("weiß", "remember") carry no content of their own either.
    load([...fillers, ...new Set(noinfoPhrases.flatMap((p) => phraseKey(p).split(' ')))], LIST.filler, 'textAddWords');
    load(dictionary, LIST.dictionary, 'textAddWords');
    k('textInitKeyboard')();
    const arena = new Arena(heap);
    const { cps, offs } = encode(aiPhrases.map(normaliseAnswer));
    k('textSetAiPhrases')(arena.i32In(cps), arena.i32In(offs), aiPhrases.length);
    arena.release();
    ready = true;
  };

  return {
    classifyOpenEnded(questions, options = {}) {
      init();
      const session = createSession(heap, questions);
      try {
        session.add(
          questions.map((q) => q.answers),
          questions.map((q) => q.paradata),
        );
      } catch (error) {
        session.dispose();
        throw error;
      }
      return session.finish(options);
    },
    openEndedSession(questions) {
      init();
      return createSession(heap, questions);
    },
  };
}
