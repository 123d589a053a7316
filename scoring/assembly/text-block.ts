// One open question as the facade hands it to the classifier's kernels: a block of i32 fields (byte
// addresses and counts) in WASM memory, laid out as below (scoring/text.ts writes it in this order).
//
// Answers are stored once per distinct normalised text: real surveys repeat short answers thousands of
// times ("nichts", "keine Ahnung"), and every rule of pass A depends on the text alone, so each text is
// read once and its verdict shared by every respondent who wrote it. Per text: code points
// cps[offs[t], offs[t+1]), pass-A flags, token count, respondents who wrote it, content tokens (their
// places counted from the start of their text, so blocks of texts can be joined by copying) and the
// 3-gram set. Per answer (respondent): the text it wrote, its flags (pass A plus the paradata rule and
// the dataset rules) and its duplicate cluster. While answers still arrive, a block holds one chunk of
// new texts (answer fields unused); the facade joins the chunks into one block per question.

export const B_CPS: i32 = 0;
export const B_OFFS: i32 = 1;
/** Number of distinct texts d. */
export const B_TEXTS: i32 = 2;
/** Number of answers n (one per interview). */
export const B_ANSWERS: i32 = 3;
/** i32 per answer: its text. */
export const B_TEXT_OF: i32 = 4;
/** u32 per answer: category flags. */
export const B_FLAGS: i32 = 5;
/** i32 per answer: duplicate cluster (row of the earliest member, -1 none). */
export const B_CLUSTER: i32 = 6;
/** u32 per text: pass-A flags. */
export const B_TEXT_FLAGS: i32 = 7;
/** i32 per text: tokens (letter runs). */
export const B_TEXT_TOKENS: i32 = 8;
/** i32 per text: answers that use it. */
export const B_TEXT_COUNT: i32 = 9;
/** Content tokens (CONTENT_BYTES each: key, start, end), text t's are entries cStart[t] to cStart[t+1]; room for offs[d] / 3 + d + 1. */
export const B_CONTENT: i32 = 10;
export const B_CSTART: i32 = 11;
/** Sorted unique 3-gram hashes (u32), text t's are grams[gStart[t], gStart[t+1]); room for offs[d] + d + 1. */
export const B_GRAMS: i32 = 12;
export const B_GSTART: i32 = 13;
export const BLOCK_FIELDS: i32 = 14;

/** Field f of the question block at `block`. */
// @ts-ignore: decorator
@inline
export function field(block: usize, f: i32): usize {
  return <usize>load<u32>(block + (<usize>f << 2));
}

/** i32 element i of the array at p. */
// @ts-ignore: decorator
@inline
export function at32(p: usize, i: i32): i32 {
  return load<i32>(p + (<usize>i << 2));
}

// @ts-ignore: decorator
@inline
export function set32(p: usize, i: i32, v: i32): void {
  store<i32>(p + (<usize>i << 2), v);
}
