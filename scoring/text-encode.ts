// Open answers on their way into WASM: norm(t) (NFKC, lower case, apostrophes, whitespace), one
// entry per distinct normalised text, and code points. Shared by the word-list loader and the
// classification session.

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

/**
 * Distinct normalised texts of one question's answers, in order of first appearance: each normalised
 * text gets one id (pass A reads the text alone, so it runs once per id; see
 * scoring/assembly/text-block.ts). Texts not yet taken are `pending`. Normalising every answer and
 * keeping one map measured faster than a second map from raw strings that skips repeats.
 */
export class TextDictionary {
  readonly #ids = new Map<string, number>();
  #pending: string[] = [];

  /** The id of an answer's text (null and undefined are the empty text). */
  id(answer: string | null | undefined): number {
    const text = normaliseAnswer(answer);
    let t = this.#ids.get(text);
    if (t === undefined) {
      t = this.#ids.size;
      this.#ids.set(text, t);
      this.#pending.push(text);
    }
    return t;
  }

  get size(): number {
    return this.#ids.size;
  }

  /** The texts given an id since the last call, in id order. */
  takePending(): string[] {
    const out = this.#pending;
    this.#pending = [];
    return out;
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
