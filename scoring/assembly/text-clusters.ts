// Duplicate rules of the open-ended classifier over a question block (text-block.ts): Duplicate
// Respondent (8) clusters near-identical answers of different respondents to one question,
// Duplicate Answer (9) compares a respondent's answer with their own answer to an earlier question.
// Near-identical: Jaccard of the 3-gram sets >= 0.9 (JACCARD_MIN), i.e. 10 * common >= 9 * union.
//
// Rule 8 asks for the connected components of the graph "J >= 0.9" over the eligible answers; any
// exact method gives the same clusters. Identical texts are one node (text-block.ts), identical gram
// sets are joined by hashing, and candidate pairs come from a pigeonhole signature that costs time in
// proportion to the data (the former prefix filter put every answer sharing one of its rarer grams in
// one candidate group, which grew with the square of the answers on generated or templated text):
//
// * Two sets of sizes a <= b with J >= 0.9 have b <= 10a/9 and differ in at most (a + b)/19 <= 2b/19
//   grams (from 19 * common >= 9 * (a + b)). With the grams hashed into m(b) = floor(2b/19) + 1
//   buckets, the differing grams touch at most m(b) - 1 buckets, so in at least one bucket both sets
//   hold exactly the same grams.
// * Every set of size a emits, for each m in [m(a), m(floor(10a/9))] and each bucket, a hash of
//   (m, bucket, its grams in the bucket). Any pair with J >= 0.9 shares a signature (both emit m(b)),
//   so the pairs sharing one are the only ones verified. Pairs already in one cluster are skipped, and
//   a 64-byte sketch of each set rules out most of the rest before their sets are merged (SKETCH).
import { NOT_SCORED } from './text';
import { gramSet, nearIdentical, sortU64, JACCARD_MIN } from './text-dupes';
import {
  field, at32, set32, B_CPS, B_OFFS, B_TEXTS, B_ANSWERS, B_TEXT_OF, B_FLAGS, B_CLUSTER, B_TEXT_FLAGS, B_TEXT_TOKENS, B_GRAMS, B_GSTART,
} from './text-block';
import { take, release, ldf } from './mem';

// Minimum sizes before duplicate rules apply, so short common answers are never duplicates.
const DUP_RESPONDENT_MIN_LEN: i32 = 20;
const DUP_RESPONDENT_MIN_TOKENS: i32 = 4;
const DUP_ANSWER_MIN_LEN: i32 = 10;
const DUP_ANSWER_MIN_TOKENS: i32 = 2;
const FLAGS_4_5: u32 = (1 << 4) | (1 << 5);

const MIX: u64 = 0x9e3779b97f4a7c15;

/** Writes the sorted unique 3-gram set of every text of the block (grams, gStart). */
export function textGramSets(block: usize): void {
  const cps = field(block, B_CPS);
  const offs = field(block, B_OFFS);
  const d = <i32>field(block, B_TEXTS);
  const grams = field(block, B_GRAMS);
  const gStart = field(block, B_GSTART);
  let longest = 1;
  for (let t = 0; t < d; t++) longest = max(longest, at32(offs, t + 1) - at32(offs, t));
  const scratch = take(<usize>longest << 2);
  let used = 0;
  for (let t = 0; t < d; t++) {
    set32(gStart, t, used);
    used += gramSet(cps, at32(offs, t), at32(offs, t + 1), grams + (<usize>used << 2), scratch);
  }
  set32(gStart, d, used);
  release(scratch);
}

function find(parent: usize, i: i32): i32 {
  while (at32(parent, i) != i) {
    const up = at32(parent, at32(parent, i));
    set32(parent, i, up);
    i = up;
  }
  return i;
}

/** Joins the clusters of texts x and y. */
function join(parent: usize, x: i32, y: i32): void {
  const rx = find(parent, x);
  const ry = find(parent, y);
  if (rx != ry) set32(parent, ry, rx);
}

/** Buckets for sets whose larger member has b grams (see the header). */
// @ts-ignore: decorator
@inline
function bucketsFor(b: i32): i32 {
  return (2 * b) / 19 + 1;
}

/** Bits needed to number `count` items. */
function indexBits(count: i32): u32 {
  return count <= 1 ? 1 : 32 - <u32>clz<u32>(<u32>(count - 1));
}

/** (start time, row) ordering: the earlier interview keeps its category. */
function earlier(order: usize, i: i32, j: i32): bool {
  if (order != 0) {
    const a = ldf(order, i);
    const b = ldf(order, j);
    if (a == a && b == b && a != b) return a < b;
  }
  return i < j;
}

/**
 * Duplicate Respondent (8): answers of >= 20 characters and >= 4 tokens not flagged 4 or 5 that are
 * near-identical to another respondent's answer form clusters; the earliest member (by `order`, else
 * row) keeps its category, every other becomes 8, and every member's cluster is the earliest's row.
 */
export function duplicateRespondents(block: usize, order: usize): void {
  const offs = field(block, B_OFFS);
  const d = <i32>field(block, B_TEXTS);
  const n = <i32>field(block, B_ANSWERS);
  const textOf = field(block, B_TEXT_OF);
  const textFlags = field(block, B_TEXT_FLAGS);
  const tokens = field(block, B_TEXT_TOKENS);
  const grams = field(block, B_GRAMS);
  const gStart = field(block, B_GSTART);
  // Eligible texts (the conditions depend on the text alone): a mark per text, and their list.
  const marked = take(<usize>(d + 1));
  const eligible = take(<usize>(d + 1) << 2);
  let ne = 0;
  for (let t = 0; t < d; t++) {
    const f = load<u32>(textFlags + (<usize>t << 2));
    const ok = (f & (NOT_SCORED | FLAGS_4_5)) == 0 && at32(offs, t + 1) - at32(offs, t) >= DUP_RESPONDENT_MIN_LEN && at32(tokens, t) >= DUP_RESPONDENT_MIN_TOKENS;
    store<u8>(marked + <usize>t, ok ? 1 : 0);
    if (ok) set32(eligible, ne++, t);
  }
  const parent = take(<usize>(d + 1) << 2);
  for (let t = 0; t < d; t++) set32(parent, t, t);
  const keys = take(<usize>(ne + 1) << 3);
  const bits = indexBits(ne);
  const low: u64 = (<u64>1 << bits) - 1;
  // Identical gram sets are one node: hash each set, sort, join equal sets.
  for (let e = 0; e < ne; e++) {
    const t = at32(eligible, e);
    let h: u64 = <u64>(at32(gStart, t + 1) - at32(gStart, t)) * MIX;
    for (let g = at32(gStart, t); g < at32(gStart, t + 1); g++) h = mixIn(h, load<u32>(grams + (<usize>g << 2)));
    store<u64>(keys + (<usize>e << 3), (h & ~low) | <u64>e);
  }
  if (ne > 1) sortU64(keys, 0, ne - 1);
  const reps = take(<usize>(ne + 1) << 2);
  let nr = 0;
  let s = 0;
  while (s < ne) {
    const k = load<u64>(keys + (<usize>s << 3)) & ~low;
    let e = s + 1;
    while (e < ne && (load<u64>(keys + (<usize>e << 3)) & ~low) == k) e++;
    const lead = at32(eligible, <i32>(load<u64>(keys + (<usize>s << 3)) & low));
    set32(reps, nr++, lead);
    for (let x = s + 1; x < e; x++) {
      const t = at32(eligible, <i32>(load<u64>(keys + (<usize>x << 3)) & low));
      if (sameSet(grams, gStart, lead, t)) join(parent, lead, t);
      else set32(reps, nr++, t);
    }
    s = e;
  }
  release(keys);
  candidatePairs(grams, gStart, reps, nr, parent);
  release(reps);
  release(eligible);
  // Earliest member and size of every cluster, over answers.
  const first = take(<usize>(d + 1) << 2);
  const size = take(<usize>(d + 1) << 2);
  for (let t = 0; t < d; t++) {
    set32(first, t, -1);
    set32(size, t, 0);
  }
  const flags = field(block, B_FLAGS);
  const cluster = field(block, B_CLUSTER);
  for (let i = 0; i < n; i++) {
    const t = at32(textOf, i);
    if (load<u8>(marked + <usize>t) == 0) continue;
    const r = find(parent, t);
    set32(size, r, at32(size, r) + 1);
    const f = at32(first, r);
    if (f < 0 || earlier(order, i, f)) set32(first, r, i);
  }
  for (let i = 0; i < n; i++) {
    const t = at32(textOf, i);
    if (load<u8>(marked + <usize>t) == 0) continue;
    const r = find(parent, t);
    if (at32(size, r) < 2) continue;
    const f = at32(first, r);
    set32(cluster, i, f);
    if (i != f) store<u32>(flags + (<usize>i << 2), load<u32>(flags + (<usize>i << 2)) | (1 << 8));
  }
  release(first);
  release(size);
  release(parent);
  release(marked);
}

// @ts-ignore: decorator
@inline
function mixIn(h: u64, g: u32): u64 {
  h = (h + <u64>g + 1) * MIX;
  return h ^ (h >> 31);
}

function sameSet(grams: usize, gStart: usize, x: i32, y: i32): bool {
  const ax = at32(gStart, x);
  const ay = at32(gStart, y);
  const len = at32(gStart, x + 1) - ax;
  if (at32(gStart, y + 1) - ay != len) return false;
  for (let g = 0; g < len; g++) if (load<u32>(grams + (<usize>(ax + g) << 2)) != load<u32>(grams + (<usize>(ay + g) << 2))) return false;
  return true;
}

// Sketch of a gram set for the pre-filter of candidate pairs: 64 buckets by the top bits of the gram,
// one byte per bucket (xor of a byte of each gram's mix). Two sets differ in at least as many grams as
// their sketches differ in bytes, so a pair whose sketches differ in more bytes than J >= 0.9 allows
// grams is passed over without merging its sets. Texts of one template share a signature bucket often,
// but their sketches still differ wherever their own words fall.
const SKETCH: i32 = 64;

function sketchOf(grams: usize, g0: i32, a: i32, out: usize): void {
  memory.fill(out, 0, <usize>SKETCH);
  for (let g = 0; g < a; g++) {
    const gram = load<u32>(grams + (<usize>(g0 + g) << 2));
    const p = out + <usize>(gram >> 26);
    store<u8>(p, load<u8>(p) ^ <u8>((gram * 0x9e3779b1) >> 24));
  }
}

/** Bytes in which two sketches differ. */
function sketchApart(x: usize, y: usize): i32 {
  let apart = 0;
  for (let k = 0; k < SKETCH; k += 16) {
    const same = i8x16.eq(v128.load(x + <usize>k), v128.load(y + <usize>k));
    apart += 16 - <i32>popcnt<u32>(i8x16.bitmask(same));
  }
  return apart;
}

/** Signatures of the `nr` texts in `reps` (header), sorted; pairs that share one are verified and joined. */
function candidatePairs(grams: usize, gStart: usize, reps: usize, nr: i32, parent: usize): void {
  let total = 0;
  let widest = 1;
  for (let r = 0; r < nr; r++) {
    const t = at32(reps, r);
    const a = at32(gStart, t + 1) - at32(gStart, t);
    const hi = bucketsFor((10 * a) / 9);
    for (let m = bucketsFor(a); m <= hi; m++) total += m;
    widest = max(widest, hi);
  }
  const bits = indexBits(nr);
  const low: u64 = (<u64>1 << bits) - 1;
  const sigs = take(<usize>(total + 1) << 3);
  const acc = take(<usize>(widest + 1) << 3);
  const sketches = take(<usize>(nr + 1) * <usize>SKETCH);
  let ns = 0;
  for (let r = 0; r < nr; r++) {
    const t = at32(reps, r);
    const g0 = at32(gStart, t);
    const a = at32(gStart, t + 1) - g0;
    sketchOf(grams, g0, a, sketches + <usize>r * <usize>SKETCH);
    const hi = bucketsFor((10 * a) / 9);
    for (let m = bucketsFor(a); m <= hi; m++) {
      for (let b = 0; b < m; b++) store<u64>(acc + (<usize>b << 3), (<u64>m << 32 | <u64>b) * MIX);
      for (let g = 0; g < a; g++) {
        const gram = load<u32>(grams + (<usize>(g0 + g) << 2));
        const p = acc + (<usize>(<i32>((<u64>gram * <u64>m) >> 32)) << 3);
        store<u64>(p, mixIn(load<u64>(p), gram));
      }
      for (let b = 0; b < m; b++) store<u64>(sigs + (<usize>(ns++) << 3), (load<u64>(acc + (<usize>b << 3)) & ~low) | <u64>r);
    }
  }
  release(acc);
  if (ns > 1) radixSortU64(sigs, ns);
  let s = 0;
  while (s < ns) {
    const k = load<u64>(sigs + (<usize>s << 3)) & ~low;
    let e = s + 1;
    while (e < ns && (load<u64>(sigs + (<usize>e << 3)) & ~low) == k) e++;
    for (let x = s; x < e; x++) {
      const rx = <i32>(load<u64>(sigs + (<usize>x << 3)) & low);
      const i = at32(reps, rx);
      const ai = at32(gStart, i);
      const si = at32(gStart, i + 1) - ai;
      for (let y = x + 1; y < e; y++) {
        const ry = <i32>(load<u64>(sigs + (<usize>y << 3)) & low);
        const j = at32(reps, ry);
        const ri = find(parent, i);
        const rj = find(parent, j);
        if (ri == rj) continue;
        const aj = at32(gStart, j);
        const sj = at32(gStart, j + 1) - aj;
        // Jaccard >= 0.9 is impossible when the set sizes differ by more than that ratio.
        if (<f64>min(si, sj) < JACCARD_MIN * <f64>max(si, sj)) continue;
        // Nor when the sets differ in more than (si + sj) / 19 grams (header).
        if (sketchApart(sketches + <usize>rx * <usize>SKETCH, sketches + <usize>ry * <usize>SKETCH) > (si + sj) / 19) continue;
        if (nearIdentical(grams + (<usize>ai << 2), si, grams + (<usize>aj << 2), sj)) set32(parent, rj, ri);
      }
    }
    s = e;
  }
  release(sketches);
  release(sigs);
}

/** Sorts n u64 values ascending: least significant digit first, 16 bits per pass (signatures run to millions). */
function radixSortU64(a: usize, n: i32): void {
  const tmp = take(<usize>n << 3);
  const counts = take(<usize>(65536 + 1) << 2);
  let src = a;
  let dst = tmp;
  for (let shift: u64 = 0; shift < 64; shift += 16) {
    memory.fill(counts, 0, <usize>(65536 + 1) << 2);
    for (let i = 0; i < n; i++) {
      const d = <i32>((load<u64>(src + (<usize>i << 3)) >> shift) & 0xffff);
      set32(counts, d + 1, at32(counts, d + 1) + 1);
    }
    for (let d = 0; d < 65536; d++) set32(counts, d + 1, at32(counts, d + 1) + at32(counts, d));
    for (let i = 0; i < n; i++) {
      const v = load<u64>(src + (<usize>i << 3));
      const d = <i32>((v >> shift) & 0xffff);
      const p = at32(counts, d);
      store<u64>(dst + (<usize>p << 3), v);
      set32(counts, d, p + 1);
    }
    const t = src;
    src = dst;
    dst = t;
  }
  // Four passes: the sorted values are back in `a`.
  release(tmp);
  release(counts);
}

/**
 * Duplicate Answer (9): answer i of the later question (block `later`) repeats the same respondent's
 * answer to an earlier question (block `earlierBlock`). Applies to answers of >= 10 characters and
 * >= 2 tokens not flagged 4 or 5; the earlier answer only has to be non-empty.
 */
export function textDuplicateAnswers(earlierBlock: usize, later: usize): void {
  const n = <i32>field(later, B_ANSWERS);
  const textOfA = field(earlierBlock, B_TEXT_OF);
  const offsA = field(earlierBlock, B_OFFS);
  const gramsA = field(earlierBlock, B_GRAMS);
  const gStartA = field(earlierBlock, B_GSTART);
  const textOfB = field(later, B_TEXT_OF);
  const offsB = field(later, B_OFFS);
  const tokensB = field(later, B_TEXT_TOKENS);
  const gramsB = field(later, B_GRAMS);
  const gStartB = field(later, B_GSTART);
  const flagsB = field(later, B_FLAGS);
  for (let i = 0; i < n; i++) {
    const f = load<u32>(flagsB + (<usize>i << 2));
    const tb = at32(textOfB, i);
    const ta = at32(textOfA, i);
    if ((f & (NOT_SCORED | FLAGS_4_5)) != 0 || at32(offsB, tb + 1) - at32(offsB, tb) < DUP_ANSWER_MIN_LEN) continue;
    if (at32(offsA, ta + 1) == at32(offsA, ta) || at32(tokensB, tb) < DUP_ANSWER_MIN_TOKENS) continue;
    const ga = at32(gStartA, ta);
    const gb = at32(gStartB, tb);
    if (nearIdentical(gramsA + (<usize>ga << 2), at32(gStartA, ta + 1) - ga, gramsB + (<usize>gb << 2), at32(gStartB, tb + 1) - gb)) {
      store<u32>(flagsB + (<usize>i << 2), f | (1 << 9));
    }
  }
}
