// Per-question and cross-question passes of the open-ended classifier (5.4 pass B, categories 8, 9
// and 10) and the final category per answer.
import { analyse, lastTokens, lastContent, NOT_SCORED, PRIORITY } from './text';
import { gramSet, jaccard, prefixLength, sortU64, JACCARD_MIN } from './text-dupes';
import { hashRange, tableGet, LIST_STOPWORDS } from './text-lists';
import { isLetter } from './text-chars';
import { take, release, ldf } from './mem';

const OPT_DUPLICATES: i32 = 1;
const OPT_TOPIC: i32 = 2;
const OPT_LANGUAGE: i32 = 4;
const OPT_ALL_LATIN: i32 = 8;

// Minimum sizes before duplicate rules apply (5.4).
const DUP_RESPONDENT_MIN_LEN: i32 = 20;
const DUP_RESPONDENT_MIN_TOKENS: i32 = 4;
const DUP_ANSWER_MIN_LEN: i32 = 10;
const DUP_ANSWER_MIN_TOKENS: i32 = 2;
const TOPIC_MIN_CONTENT: i32 = 4;
const TOPIC_SUPPORT: i32 = 3;
const FLAGS_4_5: u32 = (1 << 4) | (1 << 5);

// @ts-ignore: decorator
@inline
function ldi(p: usize, i: i32): i32 {
  return load<i32>(p + (<usize>i << 2));
}

function find(parent: usize, i: i32): i32 {
  while (ldi(parent, i) != i) {
    const up = ldi(parent, ldi(parent, i));
    store<i32>(parent + (<usize>i << 2), up);
    i = up;
  }
  return i;
}

/**
 * Classifies the n answers of one question: answer i is cps[offs[i], offs[i+1]). `q` holds the question
 * text and keywords (q[0, qlen)). `options`: 1 duplicate detection, 2 wrong-topic check, 4 language check
 * (allowed languages configured), 8 all allowed languages use Latin script. `allowedMask` has one bit per
 * language with a stop-word list (de 1, en 2, fr 4, es 8, it 16); 0 disables the stop-word rule.
 * `seconds`, `pastes` (f64 per answer) and `order` (start time) may be 0 when absent.
 * Writes category flags (u32) and duplicate cluster ids (i32, row of the earliest member, -1 none).
 */
export function textClassifyQuestion(
  cps: usize, offs: usize, n: i32, q: usize, qlen: i32, options: i32, allowedMask: u32,
  seconds: usize, pastes: usize, order: usize, outFlags: usize, outCluster: usize,
): void {
  const total = ldi(offs, n);
  const content = take(<usize>(total / 3 + n + 1) << 3);
  const cStart = take(<usize>(n + 1) << 2);
  const tokens = take(<usize>n << 2);
  let used = 0;
  for (let i = 0; i < n; i++) {
    const a = ldi(offs, i);
    const b = ldi(offs, i + 1);
    const sec = seconds != 0 ? ldf(seconds, i) : NaN;
    const pst = pastes != 0 ? ldf(pastes, i) : NaN;
    store<i32>(cStart + (<usize>i << 2), used);
    const flags = analyse(cps, a, b, sec, pst, allowedMask, (options & OPT_LANGUAGE) != 0, (options & OPT_ALL_LATIN) != 0, content + (<usize>used << 3));
    store<u32>(outFlags + (<usize>i << 2), flags);
    store<i32>(tokens + (<usize>i << 2), lastTokens);
    store<i32>(outCluster + (<usize>i << 2), -1);
    used += lastContent;
  }
  store<i32>(cStart + (<usize>n << 2), used);
  if (options & OPT_TOPIC) wrongTopic(cps, n, q, qlen, content, cStart, outFlags);
  if (options & OPT_DUPLICATES) duplicateRespondents(cps, offs, n, tokens, order, outFlags, outCluster);
  release(content);
  release(cStart);
  release(tokens);
}

function wrongTopic(cps: usize, n: i32, q: usize, qlen: i32, content: usize, cStart: usize, flags: usize): void {
  // Topic vocabulary from the question and keywords: 5-character prefixes of content words.
  const topic = new Set<u64>();
  let i = 0;
  while (i < qlen) {
    if (!isLetter(ldi(q, i))) {
      i++;
      continue;
    }
    const ts = i;
    while (i < qlen && isLetter(ldi(q, i))) i++;
    if (i - ts >= 3 && (tableGet(hashRange(q, ts, i)) & LIST_STOPWORDS) == 0) topic.add(hashRange(q, ts, min(i, ts + 5)));
  }
  // Support of each prefix: the number of respondents whose answer uses it.
  const support = new Map<u64, i32>();
  for (let r = 0; r < n; r++) {
    const a = ldi(cStart, r);
    const b = ldi(cStart, r + 1);
    for (let t = a; t < b; t++) {
      const h = load<u64>(content + (<usize>t << 3));
      let seen = false;
      for (let u = a; u < t; u++) if (load<u64>(content + (<usize>u << 3)) == h) seen = true;
      if (!seen) support.set(h, support.has(h) ? support.get(h) + 1 : 1);
    }
  }
  for (let r = 0; r < n; r++) {
    const a = ldi(cStart, r);
    const b = ldi(cStart, r + 1);
    if (b - a < TOPIC_MIN_CONTENT) continue;
    let overlap = false;
    for (let t = a; t < b && !overlap; t++) {
      const h = load<u64>(content + (<usize>t << 3));
      // Other respondents only: this answer's own use does not count towards V_q.
      if (topic.has(h) || support.get(h) - 1 >= TOPIC_SUPPORT) overlap = true;
    }
    if (!overlap) store<u32>(flags + (<usize>r << 2), load<u32>(flags + (<usize>r << 2)) | (1 << 10));
  }
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

function duplicateRespondents(cps: usize, offs: usize, n: i32, tokens: usize, order: usize, flags: usize, cluster: usize): void {
  const total = ldi(offs, n);
  const grams = take(<usize>(total + n + 1) << 2);
  const gStart = take(<usize>(n + 1) << 2);
  let used = 0;
  for (let i = 0; i < n; i++) {
    const a = ldi(offs, i);
    const b = ldi(offs, i + 1);
    const f = load<u32>(flags + (<usize>i << 2));
    const ok = (f & NOT_SCORED) == 0 && b - a >= DUP_RESPONDENT_MIN_LEN && ldi(tokens, i) >= DUP_RESPONDENT_MIN_TOKENS && (f & FLAGS_4_5) == 0;
    store<i32>(gStart + (<usize>i << 2), used);
    if (ok) used += gramSet(cps, a, b, grams + (<usize>used << 2));
  }
  store<i32>(gStart + (<usize>n << 2), used);
  // Gram frequencies give the global order (rare first), so prefix groups stay small.
  const freq = new Map<u32, i32>();
  for (let t = 0; t < used; t++) {
    const g = load<u32>(grams + (<usize>t << 2));
    freq.set(g, freq.has(g) ? freq.get(g) + 1 : 1);
  }
  const keyBuf = take(<usize>(used + 1) << 3);
  const entries = take(<usize>(used + 1) << 3);
  let ne = 0;
  for (let i = 0; i < n; i++) {
    const a = ldi(gStart, i);
    const size = ldi(gStart, i + 1) - a;
    if (size == 0) continue;
    for (let t = 0; t < size; t++) {
      const g = load<u32>(grams + (<usize>(a + t) << 2));
      store<u64>(keyBuf + (<usize>t << 3), (<u64>freq.get(g) << 32) | <u64>g);
    }
    sortU64(keyBuf, 0, size - 1);
    const p = prefixLength(size);
    for (let t = 0; t < p; t++) {
      const g = <u32>(load<u64>(keyBuf + (<usize>t << 3)) & 0xffffffff);
      store<u64>(entries + (<usize>ne << 3), (<u64>g << 32) | <u64>i);
      ne++;
    }
  }
  if (ne > 1) sortU64(entries, 0, ne - 1);
  const parent = take(<usize>n << 2);
  for (let i = 0; i < n; i++) store<i32>(parent + (<usize>i << 2), i);
  let s = 0;
  while (s < ne) {
    const g = load<u64>(entries + (<usize>s << 3)) >> 32;
    let e = s + 1;
    while (e < ne && load<u64>(entries + (<usize>e << 3)) >> 32 == g) e++;
    for (let x = s; x < e; x++) {
      const i = <i32>(load<u64>(entries + (<usize>x << 3)) & 0xffffffff);
      const ai = ldi(gStart, i);
      const si = ldi(gStart, i + 1) - ai;
      for (let y = x + 1; y < e; y++) {
        const j = <i32>(load<u64>(entries + (<usize>y << 3)) & 0xffffffff);
        const ri = find(parent, i);
        const rj = find(parent, j);
        if (ri == rj) continue;
        const aj = ldi(gStart, j);
        const sj = ldi(gStart, j + 1) - aj;
        // Jaccard >= 0.9 is impossible when the set sizes differ by more than that ratio.
        if (<f64>min(si, sj) < JACCARD_MIN * <f64>max(si, sj)) continue;
        if (jaccard(grams + (<usize>ai << 2), si, grams + (<usize>aj << 2), sj) >= JACCARD_MIN) {
          store<i32>(parent + (<usize>rj << 2), ri);
        }
      }
    }
    s = e;
  }
  // Earliest member and size of every cluster.
  const first = take(<usize>n << 2);
  const size = take(<usize>n << 2);
  for (let i = 0; i < n; i++) {
    store<i32>(first + (<usize>i << 2), -1);
    store<i32>(size + (<usize>i << 2), 0);
  }
  for (let i = 0; i < n; i++) {
    if (ldi(gStart, i + 1) == ldi(gStart, i)) continue;
    const r = find(parent, i);
    store<i32>(size + (<usize>r << 2), ldi(size, r) + 1);
    const f = ldi(first, r);
    if (f < 0 || earlier(order, i, f)) store<i32>(first + (<usize>r << 2), i);
  }
  for (let i = 0; i < n; i++) {
    if (ldi(gStart, i + 1) == ldi(gStart, i)) continue;
    const r = find(parent, i);
    if (ldi(size, r) < 2) continue;
    const f = ldi(first, r);
    store<i32>(cluster + (<usize>i << 2), f);
    if (i != f) store<u32>(flags + (<usize>i << 2), load<u32>(flags + (<usize>i << 2)) | (1 << 8));
  }
  release(first);
  release(size);
  release(parent);
  release(keyBuf);
  release(entries);
  release(grams);
  release(gStart);
}

/**
 * Category 9: answer i of the later question (cpsB/offsB, flagsB) repeats the same respondent's answer to
 * an earlier question (cpsA/offsA). Applies to answers of >= 10 characters and >= 2 tokens not flagged 4/5.
 */
export function textDuplicateAnswers(cpsA: usize, offsA: usize, cpsB: usize, offsB: usize, n: i32, flagsB: usize): void {
  let cap = 1;
  for (let i = 0; i < n; i++) {
    cap = max(cap, ldi(offsA, i + 1) - ldi(offsA, i));
    cap = max(cap, ldi(offsB, i + 1) - ldi(offsB, i));
  }
  const ga = take(<usize>(cap + 1) << 2);
  const gb = take(<usize>(cap + 1) << 2);
  for (let i = 0; i < n; i++) {
    const f = load<u32>(flagsB + (<usize>i << 2));
    const b0 = ldi(offsB, i);
    const b1 = ldi(offsB, i + 1);
    const a0 = ldi(offsA, i);
    const a1 = ldi(offsA, i + 1);
    if ((f & NOT_SCORED) != 0 || (f & FLAGS_4_5) != 0 || b1 - b0 < DUP_ANSWER_MIN_LEN || a1 == a0) continue;
    let toks = 0;
    let inToken = false;
    for (let t = b0; t < b1; t++) {
      const letter = isLetter(ldi(cpsB, t));
      if (letter && !inToken) toks++;
      inToken = letter;
    }
    if (toks < DUP_ANSWER_MIN_TOKENS) continue;
    const na = gramSet(cpsA, a0, a1, ga);
    const nb = gramSet(cpsB, b0, b1, gb);
    if (jaccard(ga, na, gb, nb) >= JACCARD_MIN) store<u32>(flagsB + (<usize>i << 2), f | (1 << 9));
  }
  release(ga);
  release(gb);
}

/** Final category per answer from its flags: the flag with the lowest score wins (5.4); 0 = not scored. */
export function textFinalCategories(flags: usize, n: i32, out: usize): void {
  for (let i = 0; i < n; i++) {
    const f = load<u32>(flags + (<usize>i << 2));
    let cat = 1;
    if (f & NOT_SCORED) cat = 0;
    else {
      for (let p = 0; p < PRIORITY.length; p++) {
        const c = unchecked(PRIORITY[p]);
        if (f & (<u32>1 << c)) {
          cat = c;
          break;
        }
      }
    }
    store<i32>(out + (<usize>i << 2), cat);
  }
}
