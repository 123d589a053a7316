// Character classes for the open-ended rules. The facade applies NFKC and lower-casing; everything
// from here on (letters, scripts, tokens) is decided in WASM over Unicode code points.

export const SCRIPT_NONE: i32 = 0;
export const SCRIPT_LATIN: i32 = 1;
export const SCRIPT_OTHER: i32 = 2;

// Letter ranges [start, end] with their script: Latin first, then the other scripts we expect in
// survey answers. Code points outside every range are not letters.
const RANGES: StaticArray<i32> = [
  0x61, 0x7a, 1, 0xaa, 0xaa, 1, 0xba, 0xba, 1, 0xdf, 0xf6, 1, 0xf8, 0x24f, 1, 0x1e00, 0x1eff, 1,
  0x370, 0x3ff, 2, 0x400, 0x52f, 2, 0x531, 0x587, 2, 0x5d0, 0x5ea, 2, 0x620, 0x64a, 2, 0x671, 0x6d3, 2,
  0x900, 0x97f, 2, 0x980, 0xdff, 2, 0xe01, 0xe30, 2, 0x10a0, 0x10ff, 2, 0x3041, 0x30ff, 2,
  0x3400, 0x4dbf, 2, 0x4e00, 0x9fff, 2, 0xac00, 0xd7a3, 2,
];

/** Script of a (lower-cased) code point: SCRIPT_LATIN, SCRIPT_OTHER or SCRIPT_NONE (not a letter). */
export function scriptOf(cp: i32): i32 {
  if (cp < 0x61) return cp >= 0x41 && cp <= 0x5a ? SCRIPT_LATIN : SCRIPT_NONE;
  if (cp <= 0x7a) return SCRIPT_LATIN;
  if (cp < 0xaa) return SCRIPT_NONE;
  for (let i = 3; i < RANGES.length; i += 3) {
    if (cp >= unchecked(RANGES[i]) && cp <= unchecked(RANGES[i + 1])) return unchecked(RANGES[i + 2]);
  }
  // Upper-case Latin-1 letters can survive when a caller skips lower-casing.
  if (cp >= 0xc0 && cp <= 0xde && cp != 0xd7) return SCRIPT_LATIN;
  return SCRIPT_NONE;
}

// @ts-ignore: decorator
@inline
export function isLetter(cp: i32): bool {
  return scriptOf(cp) != SCRIPT_NONE;
}

export function isDigit(cp: i32): bool {
  return cp >= 0x30 && cp <= 0x39;
}

export function isSpace(cp: i32): bool {
  return cp == 0x20 || cp == 0x09 || cp == 0x0a || cp == 0x0d || cp == 0xa0;
}

/**
 * Punctuation for the "punctuation only" rule: sentence marks, dashes, quotes, brackets, slashes.
 * Symbols such as # + = $ % & are deliberately not punctuation, so "#+#+" counts as nonsense.
 */
export function isPunctuation(cp: i32): bool {
  switch (cp) {
    case 0x21: case 0x22: case 0x27: case 0x28: case 0x29: case 0x2c: case 0x2d: case 0x2e: case 0x2f:
    case 0x3a: case 0x3b: case 0x3f: case 0x5b: case 0x5c: case 0x5d: case 0x5f: case 0x7b: case 0x7d:
    case 0xa1: case 0xab: case 0xbb: case 0xbf: case 0x2013: case 0x2014: case 0x2018: case 0x2019:
    case 0x201a: case 0x201c: case 0x201d: case 0x201e: case 0x2026:
      return true;
    default:
      return false;
  }
}

/** Characters stripped from both ends to form core(t): ?!.,-_/\*+~ and spaces. */
export function isCoreTrim(cp: i32): bool {
  switch (cp) {
    case 0x3f: case 0x21: case 0x2e: case 0x2c: case 0x2d: case 0x5f: case 0x2f: case 0x5c: case 0x2a:
    case 0x2b: case 0x7e:
      return true;
    default:
      return isSpace(cp);
  }
}

/** Vowels of the garbage-token rule: a e i o u y, umlauts and accented vowels. */
export function isVowel(cp: i32): bool {
  switch (cp) {
    case 0x61: case 0x65: case 0x69: case 0x6f: case 0x75: case 0x79:
      return true;
  }
  if (cp >= 0xe0 && cp <= 0xff) return cp != 0xe7 && cp != 0xf0 && cp != 0xf1 && cp != 0xf7 && cp != 0xfe;
  // Latin Extended-A vowels with macrons, breves, ogoneks and double acutes (ā ă ą ē ĕ ė ę ě ĩ ī ĭ į ı ō ŏ ő œ ũ ū ŭ ů ű ų ŷ).
  if (cp >= 0x100 && cp <= 0x105) return true;
  if (cp >= 0x112 && cp <= 0x11b) return true;
  if (cp >= 0x128 && cp <= 0x131) return true;
  if (cp >= 0x14c && cp <= 0x153) return true;
  if (cp >= 0x168 && cp <= 0x173) return true;
  return cp == 0x177;
}

/** Leetspeak mapping applied before the profanity check: 0→o, 1→i, 3→e, 4→a, 5→s, @→a, $→s. */
export function unleet(cp: i32): i32 {
  switch (cp) {
    case 0x30: return 0x6f;
    case 0x31: return 0x69;
    case 0x33: return 0x65;
    case 0x34: return 0x61;
    case 0x35: return 0x73;
    case 0x40: return 0x61;
    case 0x24: return 0x73;
    default: return cp;
  }
}
