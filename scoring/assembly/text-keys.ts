// Topic keys of words for the wrong-topic rule and the question-echo test: a word is folded
// (umlauts and accents to their base letter, ß to ss), stripped of one common German/English
// inflection ending when at least four letters remain (Berge/Berg, Strände/Strand, hotels/hotel,
// beaches/beach), and cut to its first five letters, the unit the wrong-topic rule compares (a word
// shorter than that is compared whole). German and English share these endings, so one light
// stemmer serves both without knowing the answer's language.
import { hashStart, hashAdd } from './text-lists';

/** Key length in letters: words are compared by their first five characters. */
export const KEY_LETTERS: i32 = 5;
const MIN_STEM: i32 = 4;
const MAX_WORD: i32 = 64;

// Folded letters of the word being keyed (one word at a time).
const folded = new StaticArray<i32>(MAX_WORD * 2);

/** Base letter of a lower-case Latin letter with diacritics; other code points unchanged. */
export function foldLetter(cp: i32): i32 {
  if (cp < 0xe0) return cp;
  if (cp <= 0xe5) return 0x61; // à á â ã ä å
  if (cp == 0xe7) return 0x63; // ç
  if (cp >= 0xe8 && cp <= 0xeb) return 0x65; // è é ê ë
  if (cp >= 0xec && cp <= 0xef) return 0x69; // ì í î ï
  if (cp == 0xf1) return 0x6e; // ñ
  if (cp >= 0xf2 && cp <= 0xf6) return 0x6f; // ò ó ô õ ö
  if (cp == 0xf8) return 0x6f; // ø
  if (cp >= 0xf9 && cp <= 0xfc) return 0x75; // ù ú û ü
  if (cp == 0xfd || cp == 0xff) return 0x79;
  return cp;
}

/** Folds cps[a, b) into `folded`; returns the folded length. */
export function foldWord(cps: usize, a: i32, b: i32): i32 {
  let n = 0;
  for (let i = a; i < b && n < MAX_WORD * 2 - 1; i++) {
    const cp = load<i32>(cps + (<usize>i << 2));
    if (cp == 0xdf) {
      unchecked((folded[n++] = 0x73));
      unchecked((folded[n++] = 0x73));
    } else unchecked((folded[n++] = foldLetter(cp)));
  }
  return n;
}

/** Folded letter i of the last foldWord. */
// @ts-ignore: decorator
@inline
export function foldedAt(i: i32): i32 {
  return unchecked(folded[i]);
}

function endsWith2(n: i32, c1: i32, c2: i32): bool {
  return n >= 2 && unchecked(folded[n - 2]) == c1 && unchecked(folded[n - 1]) == c2;
}

/** Length of the folded word after stripping one ending (ern, ing, en, er, es, ed, e, n, s) if >= 4 letters remain. */
export function stemLength(n: i32): i32 {
  if (n - 3 >= MIN_STEM && unchecked(folded[n - 3]) == 0x65 && endsWith2(n, 0x72, 0x6e)) return n - 3; // -ern
  if (n - 3 >= MIN_STEM && unchecked(folded[n - 3]) == 0x69 && endsWith2(n, 0x6e, 0x67)) return n - 3; // -ing
  if (n - 2 >= MIN_STEM && endsWith2(n, 0x65, 0x64)) return n - 2; // -ed
  if (n - 2 >= MIN_STEM && (endsWith2(n, 0x65, 0x6e) || endsWith2(n, 0x65, 0x72) || endsWith2(n, 0x65, 0x73))) return n - 2;
  if (n - 1 >= MIN_STEM) {
    const last = unchecked(folded[n - 1]);
    if (last == 0x65 || last == 0x6e || last == 0x73) return n - 1;
  }
  return n;
}

/** Topic key of the word cps[a, b): hash of the first five letters of its folded stem (never 0). */
export function wordKey(cps: usize, a: i32, b: i32): u64 {
  const n = stemLength(foldWord(cps, a, b));
  let h = hashStart();
  const m = min(n, KEY_LETTERS);
  for (let i = 0; i < m; i++) h = hashAdd(h, unchecked(folded[i]));
  return h == 0 ? 1 : h;
}
