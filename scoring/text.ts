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

// Anything the apostrophe and whitespace steps of normaliseAnswer would change: an apostrophe variant,
// whitespace other than a plain space, two spaces in a row, or a space at either end.
const NEEDS_REPLACING = /[\u2018\u2019\u201B\u2032\u00B4`]|[^\S ]| {2}|^ | $/;

/** norm(t) of 5.4 before it enters WASM: NFKC, lower case, typographic apostrophes, whitespace. */
export function normaliseAnswer(text: string | null | undefined): string {
  if (text == null) return '';
  const lower = text.normalize('NFKC').toLowerCase();
  // Most answers need neither replacement: one scan instead of two replacements and a trim.
  if (!NEEDS_REPLACING.test(lower)) return lower;
  return lower.replace(/[\u2018\u2019\u201B\u2032\u00B4`]/g, "'").replace(/\s+/g, ' ').trim();
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
  let units = 0;
  for (const t of texts) units += t.length;
  const cps = new Int32Array(units);
  const offs = new Int32Array(texts.length + 1);
  offs[texts.length] = encodeTexts(texts, cps, offs);
  return { cps: cps.subarray(0, offs[texts.length]), offs };
}

/** Writes the code points of `texts` to `cps` (room for their UTF-16 length) and their starts to `offs`; returns the code point count. */
function encodeTexts(texts: readonly string[], cps: Int32Array, offs: Int32Array): number {
  let k = 0;
  for (let i = 0; i < texts.length; i++) {
    const t = texts[i]!;
    offs[i] = k;
    for (let j = 0; j < t.length; j++) {
      let c = t.charCodeAt(j);
      // A surrogate pair is one code point; a lone surrogate stays itself (as for...of reads it).
      if (c >= 0xd800 && c < 0xdc00 && j + 1 < t.length) {
        const low = t.charCodeAt(j + 1);
        if (low >= 0xdc00 && low < 0xe000) {
          c = ((c - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
          j++;
        }
      }
      cps[k++] = c;
    }
  }
  offs[texts.length] = k;
  return k;
}

/**
 * The distinct normalised texts of one question's answers and, per answer, the index of its text:
 * each raw string is normalised once, and each normalised text classified once (pass A reads the
 * text alone; see scoring/assembly/text-block.ts).
 */
export function distinctTexts(answers: readonly (string | null | undefined)[]): { texts: string[]; textOf: Int32Array } {
  const byRaw = new Map<string, number>();
  const byText = new Map<string, number>();
  const texts: string[] = [];
  const textOf = new Int32Array(answers.length);
  for (let i = 0; i < answers.length; i++) {
    const raw = answers[i] ?? '';
    let t = byRaw.get(raw);
    if (t === undefined) {
      const text = normaliseAnswer(raw);
      t = byText.get(text);
      if (t === undefined) {
        t = texts.length;
        texts.push(text);
        byText.set(text, t);
      }
      byRaw.set(raw, t);
    }
    textOf[i] = t;
  }
  return { texts, textOf };
}

// Fields of a question block, in the order of scoring/assembly/text-block.ts.
const BLOCK_FIELDS = 14;

interface QuestionBlock {
  ptr: number;
  flags: number;
  cluster: number;
}

/** Writes one question's distinct texts and the block of scoring/assembly/text-block.ts into WASM memory. */
function questionBlock(heap: WasmHeap, arena: Arena, answers: readonly (string | null | undefined)[]): QuestionBlock {
  const n = answers.length;
  const { texts, textOf } = distinctTexts(answers);
  const d = texts.length;
  let units = 0;
  for (const t of texts) units += t.length;
  const cps = arena.alloc(units * 4);
  const offs = arena.alloc((d + 1) * 4);
  const length = encodeTexts(texts, heap.i32(cps, units), heap.i32(offs, d + 1));
  const fields = [
    cps, offs, d, n, arena.i32In(textOf), arena.alloc(n * 4), arena.alloc(n * 4), arena.alloc(d * 4), arena.alloc(d * 4), arena.alloc(d * 4),
    // Content tokens: 16 bytes each, at most one per 3 code points plus one per text. Gram sets: at most one per code point plus one per text.
    arena.alloc((Math.floor(length / 3) + d + 1) * 16), arena.alloc((d + 1) * 4), arena.alloc((length + d + 1) * 4), arena.alloc((d + 1) * 4),
  ];
  const ptr = arena.i32In(fields);
  if (fields.length !== BLOCK_FIELDS) throw new Error('scoring: question block layout');
  return { ptr, flags: fields[5]!, cluster: fields[6]! };
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
        const blocks = questions.map((q, qi) => {
          if (q.answers.length !== n) throw new RangeError(`open question ${qi + 1} has ${q.answers.length} answers, expected ${n}`);
          // The kernels read one value per answer: a shorter column would be read past its end.
          for (const [name, column] of Object.entries(q.paradata ?? {})) {
            if (column && column.length !== n) throw new RangeError(`open question ${qi + 1}: paradata ${name} has ${column.length} values, expected ${n}`);
          }
          return questionBlock(heap, arena, q.answers);
        });
        const order = options.order ? arena.f64In(options.order) : 0;
        k('textSurveyReset')();
        const contexts = questions.map((q, qi) => {
          const block = blocks[qi]!;
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
          const ctx = { ptr: arena.i32In(context.cps), length: context.cps.length, topic: (opts & 2) !== 0 };
          k('textClassifyQuestion')(block.ptr, ctx.ptr, questionLength, ctx.length, opts, mask, seconds, pastes, order);
          k('textSurveyAdd')(block.ptr, ctx.ptr, ctx.length);
          for (let p = 0; p < qi; p++) k('textDuplicateAnswers')(blocks[p]!.ptr, block.ptr);
          return ctx;
        });
        // Topic last: it compares each answer with the whole survey's vocabulary (every question's words).
        const checked = blocks.flatMap((block, qi) => (contexts[qi]!.topic ? [{ block, ctx: contexts[qi]! }] : []));
        if (checked.length > 0) {
          const statuses = checked.map(({ block, ctx }) => {
            const status = arena.alloc(n * 4);
            k('textWrongTopic')(block.ptr, ctx.ptr, ctx.length, status);
            return status;
          });
          k('textTopicResolve')(arena.i32In(Int32Array.from(statuses)), arena.i32In(Int32Array.from(checked, (c) => c.block.flags)), checked.length, n);
        }
        const categories = blocks.map((block) => {
          const out = arena.alloc(n * 4);
          k('textFinalCategories')(block.flags, n, out);
          return heap.i32(out, n).slice();
        });
        // Bit 20 of the flags (UNSURE in scoring/assembly/text.ts); unscored answers are never unsure.
        const unsure = blocks.map((block, qi) => {
          const flags = heap.i32(block.flags, n);
          const cats = categories[qi]!;
          const out = new Uint8Array(n);
          for (let i = 0; i < n; i++) out[i] = cats[i] !== 0 && (flags[i]! >>> 20) & 1 ? 1 : 0;
          return out;
        });
        return { categories, unsure, clusters: blocks.map((block) => heap.i32(block.cluster, n).slice()), version: SCORING_VERSION };
      } finally {
        arena.release();
      }
    },
  };
}
