// Word lists in WASM memory: one open-addressing hash table from a 64-bit hash of a word or phrase to
// a bit set of the lists that contain it. The facade loads the data files once at start-up.

// Stop-word lists: language l (0-4: de en fr es it; 5-13: tr pl nl pt hr cs ro hu sv) has bit
// languageBit(l). The first five keep their original bits so masks from older callers still read.
export const LANGUAGES: i32 = 14;
export const LIST_SW_DE: u32 = 1;
export const LIST_SW_EN: u32 = 2;
export const LIST_SW_FR: u32 = 4;
export const LIST_SW_ES: u32 = 8;
export const LIST_SW_IT: u32 = 16;
export const LIST_STOPWORDS: u32 = 31 | (0x1ff << 16);

/** Bit of language l in list values and in the allowed-language mask. */
// @ts-ignore: decorator
@inline
export function languageBit(l: i32): u32 {
  return l < 5 ? <u32>1 << l : <u32>1 << (11 + l);
}

export const LIST_GENERIC: u32 = 32;
export const LIST_INTENSIFIER: u32 = 64;
export const LIST_NOINFO: u32 = 128;
export const LIST_PROFANITY: u32 = 256;
export const LIST_DICTIONARY: u32 = 512;
export const LIST_KEYRUN: u32 = 1024;
/** Words that carry no content of their own (fillers, the words of no-information phrases). */
export const LIST_FILLER: u32 = 2048;
/** No-information phrases as token sequences ("weiß ich nicht"), matched inside an answer. */
export const LIST_NOINFO_PHRASE: u32 = 4096;
/** Profane word beginnings (German and English compounds: "Scheißumfrage"). */
export const LIST_PROFANITY_PREFIX: u32 = 8192;
/** Keyboard runs of exactly four characters, garbage only as a whole token ("fghj"). */
export const LIST_KEYRUN4: u32 = 16384;
/**
 * Words and phrases of up to four words that mark an answer as written about something other than a
 * survey question: advertising and spam ("click here", "jetzt bestellen", "www"), requests to the
 * public ("does anyone know"), remarks about the survey ("umfrage", "too many questions").
 */
export const LIST_OFFTOPIC: u32 = 32768;
/** First-person possessives and "we" ("my", "unser", "wir"): who a personal story is about. */
export const LIST_SELF: u32 = 1 << 25;
/** Words and phrases that date a one-off event ("yesterday", "nächste Woche", "this year"). */
export const LIST_EVENT_TIME: u32 = 1 << 26;
/** Units of time ("Woche", "year"): in a personal story they date it, they do not tie it to a survey. */
export const LIST_TIME_NOUN: u32 = 1 << 27;
/** Words that name a survey and its questions ("Fragen", "survey"): a remark about the survey is on topic where the question asks about it. */
export const LIST_SURVEY_WORD: u32 = 1 << 28;
/** Words of an explanation about oneself ("i", "we", "my", "have", "never"): right after a no-information phrase they say why there is no answer. */
export const LIST_EXPLAIN: u32 = 1 << 29;
/** Hedges ("maybe", "vielleicht", "I think"): a tentative answer follows, not an explanation. */
export const LIST_HEDGE: u32 = 1 << 30;

const FNV_OFFSET: u64 = 0xcbf29ce484222325;
const FNV_PRIME: u64 = 0x100000001b3;

/** Start value of an incremental hash. */
export function hashStart(): u64 {
  return FNV_OFFSET;
}

/** Adds one code point to an incremental FNV-1a hash (4 bytes per code point). */
// @ts-ignore: decorator
@inline
export function hashAdd(h: u64, cp: i32): u64 {
  h = (h ^ <u64>(cp & 0xff)) * FNV_PRIME;
  h = (h ^ <u64>((cp >> 8) & 0xff)) * FNV_PRIME;
  h = (h ^ <u64>((cp >> 16) & 0xff)) * FNV_PRIME;
  return h;
}

/** Hash of code points cps[start, end). */
export function hashRange(cps: usize, start: i32, end: i32): u64 {
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) h = hashAdd(h, load<i32>(cps + (<usize>i << 2)));
  return h == 0 ? 1 : h;
}

// Table of 2^17 slots: keys (u64, 0 = empty) and values (u32 bit sets).
const BITS: i32 = 17;
const SIZE: i32 = 1 << BITS;
const MASK: u64 = <u64>(SIZE - 1);
let keys: usize = 0;
let vals: usize = 0;
let used: i32 = 0;

function ensureTable(): void {
  if (keys != 0) return;
  keys = heap.alloc(<usize>SIZE << 3);
  vals = heap.alloc(<usize>SIZE << 2);
  memory.fill(keys, 0, <usize>SIZE << 3);
  memory.fill(vals, 0, <usize>SIZE << 2);
}

/** Adds `bits` to the entry of hash `h`. Returns false when the table is full. */
export function tableAdd(h: u64, bits: u32): bool {
  ensureTable();
  if (h == 0) h = 1;
  let slot = (h ^ (h >> 29)) & MASK;
  while (true) {
    const k = load<u64>(keys + (<usize>slot << 3));
    if (k == h) {
      store<u32>(vals + (<usize>slot << 2), load<u32>(vals + (<usize>slot << 2)) | bits);
      return true;
    }
    if (k == 0) {
      if (used >= SIZE - SIZE / 4) return false;
      store<u64>(keys + (<usize>slot << 3), h);
      store<u32>(vals + (<usize>slot << 2), bits);
      used++;
      return true;
    }
    slot = (slot + 1) & MASK;
  }
}

/** List bits of hash `h` (0 when absent). */
export function tableGet(h: u64): u32 {
  if (keys == 0) return 0;
  if (h == 0) h = 1;
  let slot = (h ^ (h >> 29)) & MASK;
  while (true) {
    const k = load<u64>(keys + (<usize>slot << 3));
    if (k == h) return load<u32>(vals + (<usize>slot << 2));
    if (k == 0) return 0;
    slot = (slot + 1) & MASK;
  }
}

/**
 * Loads `count` words (code points in `cps`, word w = cps[offs[w], offs[w+1])) into list `bits`.
 * Returns the number of entries in the table afterwards, or -1 when it is full.
 */
export function textAddWords(cps: usize, offs: usize, count: i32, bits: u32): i32 {
  for (let w = 0; w < count; w++) {
    const a = load<i32>(offs + (<usize>w << 2));
    const b = load<i32>(offs + (<usize>(w + 1) << 2));
    if (!tableAdd(hashRange(cps, a, b), bits)) return -1;
  }
  return used;
}

/** Keyboard rows; every 5-character run (forwards and backwards) goes into LIST_KEYRUN. */
const ROWS: StaticArray<string> = [
  'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'qwertzuiopü', 'asdfghjklöä', 'yxcvbnm', 'azertyuiop', 'qsdfghjklm',
  'wxcvbn', '1234567890',
];

/** Fills the keyboard-run table; called once by the facade after loading the lists. */
export function textInitKeyboard(): void {
  for (let r = 0; r < ROWS.length; r++) {
    const row = unchecked(ROWS[r]);
    const len = row.length;
    for (let dir = 0; dir < 2; dir++) {
      for (let i = 0; i + 5 <= len; i++) {
        let h = FNV_OFFSET;
        for (let t = 0; t < 5; t++) {
          const idx = dir == 0 ? i + t : len - 1 - (i + t);
          h = hashAdd(h, row.charCodeAt(idx));
        }
        tableAdd(h == 0 ? 1 : h, LIST_KEYRUN);
      }
      for (let i = 0; i + 4 <= len; i++) {
        let h = FNV_OFFSET;
        for (let t = 0; t < 4; t++) {
          const idx = dir == 0 ? i + t : len - 1 - (i + t);
          h = hashAdd(h, row.charCodeAt(idx));
        }
        tableAdd(h == 0 ? 1 : h, LIST_KEYRUN4);
      }
    }
  }
}
