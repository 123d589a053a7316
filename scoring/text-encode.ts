// Open answers on their way into WASM: norm(t) (NFKC, lower case, apostrophes, whitespace), one
// entry per distinct normalised text, and code points. Shared by the word-list loader and the
// classification session.
import stopCs from './words/stopwords-cs.json' with { type: 'json' };
import stopDe from './words/stopwords-de.json' with { type: 'json' };
import stopEn from './words/stopwords-en.json' with { type: 'json' };
import stopEs from './words/stopwords-es.json' with { type: 'json' };
import stopFr from './words/stopwords-fr.json' with { type: 'json' };
import stopHr from './words/stopwords-hr.json' with { type: 'json' };
import stopHu from './words/stopwords-hu.json' with { type: 'json' };
import stopIt from './words/stopwords-it.json' with { type: 'json' };
import stopNl from './words/stopwords-nl.json' with { type: 'json' };
import stopPl from './words/stopwords-pl.json' with { type: 'json' };
import stopPt from './words/stopwords-pt.json' with { type: 'json' };
import stopRo from './words/stopwords-ro.json' with { type: 'json' };
import stopSv from './words/stopwords-sv.json' with { type: 'json' };
import stopTr from './words/stopwords-tr.json' with { type: 'json' };

// Anything the apostrophe and whitespace steps of normaliseAnswer would change: an apostrophe variant,
// whitespace other than a plain space, two spaces in a row, or a space at either end.
const NEEDS_REPLACING = /[\u2018\u2019\u201B\u2032\u00B4`]|[^\S ]| {2}|^ | $/;

/** norm(t) before it enters WASM: NFKC, lower case, typographic apostrophes, whitespace. */
export function normaliseAnswer(text: string | null | undefined): string {
  if (text == null) return '';
  const lower = text.normalize('NFKC').toLowerCase();
  // Most answers need neither replacement: one scan instead of two replacements and a trim.
  if (!NEEDS_REPLACING.test(lower)) return lower;
  return lower
    .replace(/[\u2018\u2019\u201B\u2032\u00B4`]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

// Two words in a row that start with a capital (and are not all capitals), or with one lower-case word
// between them: the cheap test before the token scan of nameTokens.
const CAPITALISED_PAIR = /\p{Lu}\p{Ll}+\s+(?:\p{Ll}+\s+)?\p{Lu}\p{Ll}/u;
const LETTER_RUNS = /\p{L}+/gu;
// The function words a name can hold that the language rule would otherwise count (three or more
// letters, not English and not German: scoring/assembly/text.ts, analyse): only answers with one of
// them need their names read, and get an id of their own.
const German = new Set<string>(stopDe);
const NAME_WORDS = new Set<string>(
  [stopCs, stopEs, stopFr, stopHr, stopHu, stopIt, stopNl, stopPl, stopPt, stopRo, stopSv, stopTr]
    .flat()
    .filter((w) => [...w].length >= 3 && !German.has(w)),
);
// Two-letter function words of those languages that neither English nor German has ("ai", "eu", "un"):
// written in capitals they are acronyms ("AI", "EU", "UN"), words of the answer's own.
const English = new Set<string>(stopEn);
const ACRONYM_WORDS = new Set<string>(
  [stopCs, stopEs, stopFr, stopHr, stopHu, stopIt, stopNl, stopPl, stopPt, stopRo, stopSv, stopTr]
    .flat()
    .filter((w) => [...w].length === 2 && !German.has(w) && !English.has(w)),
);
// One of them as a whole word of a normal form (longest first, so that no shorter word ends the match).
const HAS_NAME_WORD = new RegExp(
  `(?<!\\p{L})(?:${[...new Set([...NAME_WORDS, ...ACRONYM_WORDS])]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})(?!\\p{L})`,
  'u',
);
const isCapitalised = (w: string) => w.length >= 2 && w[0] !== w[0]!.toLowerCase() && w[1] !== w[1]!.toUpperCase();
// Two capitals as a word of their own: the cheap test before the token scan for acronyms.
const TWO_CAPITALS = /(?<!\p{L})\p{Lu}{2}(?!\p{L})/u;
const isAcronym = (w: string) => w.length === 2 && w === w.toUpperCase() && w !== w.toLowerCase();

/**
 * The function words of an answer that belong to a written name (bit k: the k-th run of letters of its
 * normal form, k < 32; 0 when there is none): a name is a run of two or more capitalised words ("Los
 * Angeles"), with any lower-case word between two of them ("Tierra del Fuego"); and the two-letter
 * function words of other languages written in capitals, which are acronyms ("AI", "EU"). Lower-casing
 * (normaliseAnswer) loses what a reader sees at once, so the rules read it from here: a function word of another
 * language inside a name is no switch of language, and a name or an acronym is a word of the answer's
 * own, not a function word (scoring/README.md, "Open-ended answers: how the classifier decides").
 */
export function nameTokens(answer: string, normal: string): number {
  // Few answers have two capitalised words in a row or two capitals alone: one test of the answer as it came.
  const pairs = CAPITALISED_PAIR.test(answer);
  if (!pairs && !TWO_CAPITALS.test(answer)) return 0;
  const lower = normal.match(LETTER_RUNS) ?? [];
  const text = answer.normalize('NFKC');
  const words = [...text.matchAll(LETTER_RUNS)];
  // The normal form must have the same runs, or a bit would name another token (lower-casing changes
  // a few letters' length: "İ").
  if (words.length !== lower.length) return 0;
  const joined = (k: number) => /^\s+$/.test(text.slice(words[k]!.index + words[k]![0].length, words[k + 1]!.index));
  const caps = words.map((w) => isCapitalised(w[0]));
  let mask = 0;
  for (let k = 0; k < Math.min(words.length, 32); k++) {
    const before = k > 0 && joined(k - 1);
    const after = k + 1 < words.length && joined(k);
    const named = caps[k]
      ? (before && caps[k - 1]!) || (after && caps[k + 1]!)
      : before && after && caps[k - 1]! && caps[k + 1]!;
    if (pairs && named && NAME_WORDS.has(lower[k]!)) mask |= 1 << k;
    else if (isAcronym(words[k]![0]) && ACRONYM_WORDS.has(lower[k]!)) mask |= 1 << k;
  }
  return mask >>> 0;
}

/**
 * Distinct normalised texts of one question's answers, in order of first appearance: each normalised
 * text gets one id (pass A reads the text alone, so it runs once per id; see
 * scoring/assembly/text-block.ts). Texts not yet taken are `pending`. Normalising every answer and
 * keeping one map measured faster than a second map from raw strings that skips repeats.
 */
export class TextDictionary {
  /** Normal form (or normal form, NUL and name tokens) -> id; -1: a normal form whose names are read per answer. */
  readonly #ids = new Map<string, number>();
  #count = 0;
  #pending: string[] = [];
  #pendingNames: number[] = [];

  /**
   * The id of an answer's text (null and undefined are the empty text). A text written with a name
   * ("Los Angeles") gets an id apart from the same text without one ("los angeles"): pass A reads the
   * names too. Only texts with a function word a name can hold (3 % of the distinct texts of the
   * bench's mix) are read for names, once per answer; every other text costs one lookup, as before.
   */
  id(answer: string | null | undefined): number {
    const text = normaliseAnswer(answer);
    const t = this.#ids.get(text);
    if (t !== undefined && t >= 0) return t;
    if (t === undefined && !HAS_NAME_WORD.test(text)) return this.#add(text, text, 0);
    if (t === undefined) this.#ids.set(text, -1);
    const names = nameTokens(answer!, text);
    const key = `${text}\u0000${names}`;
    return this.#ids.get(key) ?? this.#add(key, text, names);
  }

  #add(key: string, text: string, names: number): number {
    const t = this.#count++;
    this.#ids.set(key, t);
    this.#pending.push(text);
    this.#pendingNames.push(names);
    return t;
  }

  get size(): number {
    return this.#count;
  }

  /** The texts given an id since the last call, in id order. */
  takePending(): string[] {
    const out = this.#pending;
    this.#pending = [];
    return out;
  }

  /** The name tokens (nameTokens) of the texts given an id since the last call of this, in id order: takePending's texts. */
  pendingNames(): Uint32Array {
    return Uint32Array.from(this.#pendingNames.splice(0));
  }
}

/** The distinct normalised texts of `answers` and, per answer, the index of its text. */
export function distinctTexts(answers: readonly (string | null | undefined)[]): {
  texts: string[];
  textOf: Int32Array;
} {
  const dictionary = new TextDictionary();
  const textOf = Int32Array.from(answers, (a) => dictionary.id(a));
  return { texts: dictionary.takePending(), textOf };
}

/** Total UTF-16 length of `texts`: room enough for their code points. */
export function utf16Length(texts: readonly string[]): number {
  let units = 0;
  for (const t of texts) units += t.length;
  return units;
}

/** Writes the code points of `texts` to `cps` (room for utf16Length) and their starts to `offs` (room for one more); returns the code point count. */
export function encodeTexts(texts: readonly string[], cps: Int32Array, offs: Int32Array): number {
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

/** Code points of `texts` in JS memory, with their starts. */
export function encode(texts: readonly string[]): { cps: Int32Array; offs: Int32Array } {
  const cps = new Int32Array(utf16Length(texts));
  const offs = new Int32Array(texts.length + 1);
  const length = encodeTexts(texts, cps, offs);
  return { cps: cps.subarray(0, length), offs };
}
