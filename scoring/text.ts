// Open-ended classification (section 5), facade side: normalises texts (NFKC, lower case, apostrophes,
// whitespace), encodes them as code points into WASM memory and runs the WASM passes. Word lists are
// JSON data files bundled with the facade and loaded into WASM memory once per instance.
import type { WasmHeap } from './wasm-memory.ts';
import { Arena } from './wasm-memory.ts';
import { SCORING_VERSION } from './version.ts';
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
  /** Keystrokes (kept for the record; the copy-paste rule uses pastes and typing speed). */
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
  /**
   * 1 where the rules are unsure of the category (topic in doubt, language not placed, long answers
   * where chatbot text hides), else 0; one Uint8Array per question. The AI judge looks at these.
   */
  unsure: Uint8Array[];
  /** Duplicate-respondent cluster per answer: row of the earliest member, -1 = none. */
  clusters: Int32Array[];
  version: string;
}

export interface TextClassifier {
  /**
   * Classifies every answer of every open question (pass A per answer, pass B over the dataset).
   * All questions must have one answer per interview. `order` optionally gives each interview's start
   * time, used to decide which duplicate is the earliest (otherwise row order).
   */
  classifyOpenEnded(questions: readonly OpenQuestion[], options?: { order?: Float64Array }): ClassificationResult;
}

/** norm(t) of 5.4 before it enters WASM: NFKC, lower case, typographic apostrophes, whitespace. */
export function normaliseAnswer(text: string | null | undefined): string {
  if (text == null) return '';
  return text.normalize('NFKC').toLowerCase().replace(/[\u2018\u2019\u201B\u2032\u00B4`]/g, "'").replace(/\s+/g, ' ').trim();
}

/** Stop-word lists in the kernel's language order (languageBit in scoring/assembly/text-lists.ts). */
const STOP_WORDS: readonly (readonly [string, readonly string[]])[] = [
  ['de', stopDe], ['en', stopEn], ['fr', stopFr], ['es', stopEs], ['it', stopIt], ['tr', stopTr], ['pl', stopPl],
  ['nl', stopNl], ['pt', stopPt], ['hr', stopHr], ['cs', stopCs], ['ro', stopRo], ['hu', stopHu], ['sv', stopSv],
];
const languageBit = (l: number) => (l < 5 ? 1 << l : 1 << (11 + l));

/** Languages with a stop-word list, and their bit in the kernel's mask. Bosnian and Serbian (Latin) share the Croatian list. */
const LANGUAGE_BITS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(STOP_WORDS.map(([code], l) => [code, languageBit(l)])),
  bs: languageBit(9), sr: languageBit(9),
};

/** Languages written in Latin script (for the script rule of category 11). */
const LATIN_LANGUAGES = new Set([
  'de', 'en', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'cs', 'sk', 'sl', 'hr', 'bs', 'hu', 'ro', 'sv', 'da', 'no', 'nb',
  'nn', 'fi', 'et', 'lv', 'lt', 'tr', 'id', 'ms', 'vi', 'sq', 'ca', 'eu', 'gl', 'is', 'ga', 'cy', 'mt', 'sw', 'tl',
  'af', 'lb', 'rm',
]);

// List bits, as in scoring/assembly/text-lists.ts.
const LIST = {
  generic: 32, intensifier: 64, noinfo: 128, profanity: 256, dictionary: 512, filler: 2048, noinfoPhrase: 4096, profanityPrefix: 8192,
};

/** A phrase as the kernel hashes spans of an answer: its letter runs joined by one space ("don't know" -> "don t know"). */
export function phraseKey(text: string): string {
  return (normaliseAnswer(text).match(/\p{L}+/gu) ?? []).join(' ');
}

function encode(texts: readonly string[]): { cps: Int32Array; offs: Int32Array } {
  const offs = new Int32Array(texts.length + 1);
  const all: number[] = [];
  texts.forEach((t, i) => {
    for (const ch of t) all.push(ch.codePointAt(0)!);
    offs[i + 1] = all.length;
  });
  return { cps: Int32Array.from(all), offs };
}

type Kernel = (...args: number[]) => number;

export function createTextClassifier(heap: WasmHeap): TextClassifier {
  const k = (name: string) => heap.exports[name] as Kernel;
  const load = (words: readonly string[], bits: number, kernel: string) => {
    const arena = new Arena(heap);
    try {
      const { cps, offs } = encode(words.map(normaliseAnswer));
      if (k(kernel)(arena.i32In(cps), arena.i32In(offs), words.length, bits) < 0) throw new Error('scoring: word table full');
    } finally {
      arena.release();
    }
  };
  let ready = false;
  const init = () => {
    if (ready) return;
    STOP_WORDS.forEach(([, list], l) => load(list, languageBit(l), 'textAddWords'));
    load([...genericEn, ...genericDe], LIST.generic, 'textAddCoreWords');
    load(intensifiers, LIST.intensifier, 'textAddWords');
    load([...noinfoEn, ...noinfoDe], LIST.noinfo, 'textAddCoreWords');
    load([...profanityEn, ...profanityDe], LIST.profanity, 'textAddWords');
    load(profanityPrefixes, LIST.profanityPrefix, 'textAddWords');
    load(noinfoPhrases.map(phraseKey), LIST.noinfoPhrase, 'textAddWords');
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
      const n = questions[0]?.answers.length ?? 0;
      const arena = new Arena(heap);
      try {
        const encoded = questions.map((q, qi) => {
          if (q.answers.length !== n) throw new RangeError(`open question ${qi + 1} has ${q.answers.length} answers, expected ${n}`);
          const { cps, offs } = encode(q.answers.map(normaliseAnswer));
          return {
            cps: arena.i32In(cps), offs: arena.i32In(offs), flags: arena.alloc(n * 4), cluster: arena.alloc(n * 4),
            // Content tokens of pass A (16 bytes each, at most one per 3 code points plus one per answer), kept for the topic pass.
            content: arena.alloc((Math.floor(cps.length / 3) + n + 1) * 16), cStart: arena.alloc((n + 1) * 4),
            context: 0, contextLength: 0, topic: false,
          };
        });
        const order = options.order ? arena.f64In(options.order) : 0;
        k('textSurveyReset')();
        questions.forEach((q, qi) => {
          const e = encoded[qi]!;
          const questionText = normaliseAnswer(q.text);
          const context = encode([[questionText, ...(q.keywords ?? []).map(normaliseAnswer)].join(' ')]);
          const questionLength = [...questionText].length;
          const allowed = (q.allowedLanguages ?? []).map((l) => l.toLowerCase());
          const known = allowed.every((l) => l in LANGUAGE_BITS);
          // Without a list for every allowed language the stop-word rule cannot tell them apart: off.
          const mask = known ? allowed.reduce((m, l) => m | LANGUAGE_BITS[l]!, 0) : 0;
          const opts = (q.duplicateDetection !== false ? 1 : 0) | ((q.topicCheck ?? (q.keywords?.length ?? 0) > 0) ? 2 : 0)
            | (allowed.length > 0 ? 4 : 0) | (allowed.length > 0 && allowed.every((l) => LATIN_LANGUAGES.has(l)) ? 8 : 0);
          const seconds = q.paradata?.seconds ? arena.f64In(q.paradata.seconds) : 0;
          const pastes = q.paradata?.pastes ? arena.f64In(q.paradata.pastes) : 0;
          e.context = arena.i32In(context.cps);
          e.contextLength = context.cps.length;
          e.topic = (opts & 2) !== 0;
          k('textClassifyQuestion')(e.cps, e.offs, n, e.context, questionLength, e.contextLength, opts, mask,
            seconds, pastes, order, e.flags, e.cluster, e.content, e.cStart);
          k('textSurveyAdd')(e.context, e.contextLength, e.content, e.cStart, n);
          for (let p = 0; p < qi; p++) k('textDuplicateAnswers')(encoded[p]!.cps, encoded[p]!.offs, e.cps, e.offs, n, e.flags);
        });
        // Topic last: it compares each answer with the whole survey's vocabulary (every question's words).
        const checked = encoded.filter((e) => e.topic);
        if (checked.length > 0) {
          const statuses = checked.map((e) => {
            const status = arena.alloc(n * 4);
            k('textWrongTopic')(e.cps, n, e.context, e.contextLength, e.content, e.cStart, e.flags, status);
            return status;
          });
          k('textTopicResolve')(arena.i32In(Int32Array.from(statuses)), arena.i32In(Int32Array.from(checked, (e) => e.flags)), checked.length, n);
        }
        const categories = encoded.map((e) => {
          const out = arena.alloc(n * 4);
          k('textFinalCategories')(e.flags, n, out);
          return heap.i32(out, n).slice();
        });
        // Bit 20 of the flags (UNSURE in scoring/assembly/text.ts); unscored answers are never unsure.
        const unsure = encoded.map((e, qi) => {
          const flags = heap.i32(e.flags, n);
          return Uint8Array.from(flags, (f, i) => (categories[qi]![i] !== 0 && (f >>> 20) & 1 ? 1 : 0));
        });
        return { categories, unsure, clusters: encoded.map((e) => heap.i32(e.cluster, n).slice()), version: SCORING_VERSION };
      } finally {
        arena.release();
      }
    },
  };
}
