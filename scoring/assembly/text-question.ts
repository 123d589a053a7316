// Per-question and cross-question passes of the open-ended classifier (5.4 pass B, categories 8, 9
// and 10) and the final category per answer.
import { analyse, lastTokens, lastContent, setQuestionEcho, CONTENT_BYTES, NOT_SCORED, PRIORITY, UNSURE } from './text';
import { gramSet, jaccard, prefixLength, sortU64, JACCARD_MIN } from './text-dupes';
import { hashRange, tableGet, LIST_STOPWORDS } from './text-lists';
import { isLetter } from './text-chars';
import { wordKey, foldWord, foldedAt, stemLength } from './text-keys';
import { take, release, ldf } from './mem';

const OPT_DUPLICATES: i32 = 1;
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
// Answers the wrong-topic rule leaves alone: non-answers (4, 5) are not about another topic, and a
// wrong language is decided before the topic (its words cannot match the question's).
const TOPIC_SKIP: u32 = NOT_SCORED | FLAGS_4_5 | (1 << 11);
// Longest topic word kept for the compound test (folded letters).
const TOPIC_WORD_MAX: i32 = 32;

/**
 * Support a word needs from other respondents to count as the question's vocabulary: 5.4 asks for 3,
 * which a small sample rarely reaches (45 answers: a word two others used is still topical), so it
 * grows with the sample: 1 other respondent below 200 answers, 2 below 300, 3 from 300 on.
 */
function supportNeeded(n: i32): i32 {
  return min(TOPIC_SUPPORT, max(1, n / 100));
}

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
 * text (q[0, qTextLen)) followed by the keywords (q[qTextLen, qlen)). `options`: 1 duplicate detection,
 * 2 wrong-topic check, 4 language check (allowed languages configured), 8 all allowed languages use Latin
 * script. `allowedMask` has the bit of every allowed language with a stop-word list (languageBit in
 * text-lists.ts); 0 disables the stop-word rule.
 * `seconds`, `pastes` (f64 per answer) and `order` (start time) may be 0 when absent.
 * Writes category flags (u32), duplicate cluster ids (i32, row of the earliest member, -1 none) and the
 * content tokens for the wrong-topic pass: `content` needs (offs[n] / 3 + n + 1) * CONTENT_BYTES bytes,
 * `cStart` n + 1 i32 (answer i's tokens are entries cStart[i] to cStart[i+1]).
 */
export function textClassifyQuestion(
  cps: usize, offs: usize, n: i32, q: usize, qTextLen: i32, qlen: i32, options: i32, allowedMask: u32,
  seconds: usize, pastes: usize, order: usize, outFlags: usize, outCluster: usize, content: usize, cStart: usize,
): void {
  const echo = take(<usize>(qTextLen / 4 + 1) << 3);
  setQuestionEcho(echo, topicKeys(q, 0, qTextLen, echo));
  const tokens = take(<usize>n << 2);
  let used = 0;
  for (let i = 0; i < n; i++) {
    const a = ldi(offs, i);
    const b = ldi(offs, i + 1);
    const sec = seconds != 0 ? ldf(seconds, i) : NaN;
    const pst = pastes != 0 ? ldf(pastes, i) : NaN;
    store<i32>(cStart + (<usize>i << 2), used);
    const flags = analyse(cps, a, b, sec, pst, allowedMask, (options & OPT_LANGUAGE) != 0, (options & OPT_ALL_LATIN) != 0, content + <usize>used * CONTENT_BYTES);
    store<u32>(outFlags + (<usize>i << 2), flags);
    store<i32>(tokens + (<usize>i << 2), lastTokens);
    store<i32>(outCluster + (<usize>i << 2), -1);
    used += lastContent;
  }
  store<i32>(cStart + (<usize>n << 2), used);
  setQuestionEcho(0, 0);
  if (options & OPT_DUPLICATES) duplicateRespondents(cps, offs, n, tokens, order, outFlags, outCluster);
  release(echo);
  release(tokens);
}

/** Writes the topic keys of the content words of q[a, b) (>= 3 letters, not stop words) to `out`; returns their count. */
function topicKeys(q: usize, a: i32, b: i32, out: usize): i32 {
  let count = 0;
  let i = a;
  while (i < b) {
    if (!isLetter(ldi(q, i))) {
      i++;
      continue;
    }
    const ts = i;
    while (i < b && isLetter(ldi(q, i))) i++;
    if (i - ts >= 3 && (tableGet(hashRange(q, ts, i)) & LIST_STOPWORDS) == 0) {
      store<u64>(out + (<usize>count << 3), wordKey(q, ts, i));
      count++;
    }
  }
  return count;
}

// The survey's vocabulary over all its open questions: for every key, the sum over questions of the
// respondents who used it, and the keys of every question's text and keywords. Answers to one question
// of a survey often use words that belong to another ("Berge" in why-this-destination, "Obst" in
// what-bothers-you-at-the-supermarket), so a word from the survey is no sign of another topic.
let surveySupport = new Map<u64, i32>();
let surveyTopic = new Set<u64>();

/** Starts a survey (a classification call): forgets the previous survey's vocabulary. */
export function textSurveyReset(): void {
  surveySupport = new Map<u64, i32>();
  surveyTopic = new Set<u64>();
}

/** Adds one question's text, keywords (q[0, qlen)) and answers' content tokens to the survey vocabulary. */
export function textSurveyAdd(q: usize, qlen: i32, content: usize, cStart: usize, n: i32): void {
  const buf = take(<usize>(qlen / 4 + 1) << 3);
  const count = topicKeys(q, 0, qlen, buf);
  for (let t = 0; t < count; t++) surveyTopic.add(load<u64>(buf + (<usize>t << 3)));
  release(buf);
  const own = respondentSupport(n, content, cStart);
  const keys = own.keys();
  for (let k = 0; k < keys.length; k++) {
    const h = unchecked(keys[k]);
    surveySupport.set(h, (surveySupport.has(h) ? surveySupport.get(h) : 0) + own.get(h));
  }
}

/** For every key, the number of respondents whose answer uses it. */
function respondentSupport(n: i32, content: usize, cStart: usize): Map<u64, i32> {
  const support = new Map<u64, i32>();
  for (let r = 0; r < n; r++) {
    const a = ldi(cStart, r);
    const b = ldi(cStart, r + 1);
    for (let t = a; t < b; t++) {
      const h = load<u64>(content + <usize>t * CONTENT_BYTES);
      let seen = false;
      for (let u = a; u < t; u++) if (load<u64>(content + <usize>u * CONTENT_BYTES) == h) seen = true;
      if (!seen) support.set(h, support.has(h) ? support.get(h) + 1 : 1);
    }
  }
  return support;
}

// Topic status per answer, written by textWrongTopic and read by textTopicResolve.
const TOPIC_NONE: i32 = 0;
const TOPIC_SUSPECT: i32 = 1;
const TOPIC_ATTENTIVE: i32 = 2;

/**
 * Wrong Topic (10), first step: writes the topic status of every answer of one question to `status`
 * (i32 per respondent). An answer is suspect when it has at least four content tokens none of which is
 * topical; attentive when it has no flag and at least one topical token. A token is topical when its
 * key is a key of the question text or keywords (or of another question of the survey), when it
 * contains a question word or keyword of four or more letters inside a compound ("Wocheneinkauf" for
 * "Einkauf"), or when enough other respondents used it (supportNeeded), in this question or, one more,
 * in the survey's other questions.
 */
export function textWrongTopic(cps: usize, n: i32, q: usize, qlen: i32, content: usize, cStart: usize, flags: usize, status: usize): void {
  const topicBuf = take(<usize>(qlen / 4 + 1) << 3);
  const topicCount = topicKeys(q, 0, qlen, topicBuf);
  const topic = new Set<u64>();
  for (let t = 0; t < topicCount; t++) topic.add(load<u64>(topicBuf + (<usize>t << 3)));
  release(topicBuf);
  // Folded stems of the question's words for the compound test, one after another with their lengths.
  const stems = take(<usize>(qlen + 1) << 2);
  const stemStart = take(<usize>(qlen / 4 + 2) << 2);
  let nStems = 0;
  let used = 0;
  let i = 0;
  while (i < qlen) {
    if (!isLetter(ldi(q, i))) {
      i++;
      continue;
    }
    const ts = i;
    while (i < qlen && isLetter(ldi(q, i))) i++;
    if (i - ts < 4 || (tableGet(hashRange(q, ts, i)) & LIST_STOPWORDS) != 0) continue;
    const len = min(stemLength(foldWord(q, ts, i)), TOPIC_WORD_MAX);
    if (len < 4) continue;
    store<i32>(stemStart + (<usize>nStems << 2), used);
    for (let c = 0; c < len; c++) store<i32>(stems + (<usize>(used + c) << 2), foldedAt(c));
    used += len;
    nStems++;
  }
  store<i32>(stemStart + (<usize>nStems << 2), used);
  const support = respondentSupport(n, content, cStart);
  const needed = supportNeeded(n);
  for (let r = 0; r < n; r++) {
    const a = ldi(cStart, r);
    const b = ldi(cStart, r + 1);
    const f = load<u32>(flags + (<usize>r << 2));
    store<i32>(status + (<usize>r << 2), TOPIC_NONE);
    if (f & TOPIC_SKIP) continue;
    let topical = false;
    for (let t = a; t < b && !topical; t++) {
      const at = content + <usize>t * CONTENT_BYTES;
      const h = load<u64>(at);
      // Other respondents only: this answer's own use does not count towards V_q.
      const own = support.get(h);
      if (topic.has(h) || own - 1 >= needed || surveyTopic.has(h)) topical = true;
      else if (surveySupport.has(h) && surveySupport.get(h) - own >= needed + 1) topical = true;
      else if (nStems > 0) topical = containsStem(cps, load<i32>(at + 8), load<i32>(at + 12), stems, stemStart, nStems);
    }
    if (topical && (f & ~UNSURE) == 0) store<i32>(status + (<usize>r << 2), TOPIC_ATTENTIVE);
    else if (!topical && b - a >= TOPIC_MIN_CONTENT) {
      store<i32>(status + (<usize>r << 2), TOPIC_SUSPECT);
      store<u32>(flags + (<usize>r << 2), f | UNSURE);
    }
  }
  release(stems);
  release(stemStart);
}

/**
 * Wrong Topic (10), second step over the survey's `questions` checked questions (`statuses` and `flags`:
 * one pointer per question to its n statuses and flags): a suspect answer is Wrong Topic unless the same
 * respondent answered another question attentively. Going off topic is what careless or fraudulent
 * respondents do, and they do it throughout; a respondent who shows in one answer that they follow the
 * survey is far more likely to have written an unusual on-topic answer than an off-topic one, and a
 * wrong verdict costs a real respondent (5.4: be conservative).
 */
export function textTopicResolve(statuses: usize, flags: usize, questions: i32, n: i32): void {
  for (let r = 0; r < n; r++) {
    let attentive = false;
    for (let k = 0; k < questions && !attentive; k++) {
      attentive = load<i32>(<usize>ldi(statuses, k) + (<usize>r << 2)) == TOPIC_ATTENTIVE;
    }
    if (attentive) continue;
    for (let k = 0; k < questions; k++) {
      if (load<i32>(<usize>ldi(statuses, k) + (<usize>r << 2)) != TOPIC_SUSPECT) continue;
      const at = <usize>ldi(flags, k) + (<usize>r << 2);
      store<u32>(at, load<u32>(at) | (1 << 10));
    }
  }
}

/** Whether the answer token [a, b) contains one of the question's stems after its first letter (a compound). */
function containsStem(cps: usize, a: i32, b: i32, stems: usize, stemStart: usize, nStems: i32): bool {
  const len = foldWord(cps, a, b);
  for (let s = 0; s < nStems; s++) {
    const sa = ldi(stemStart, s);
    const sl = ldi(stemStart, s + 1) - sa;
    for (let p = 1; p + sl <= len; p++) {
      let k = 0;
      while (k < sl && foldedAt(p + k) == ldi(stems, sa + k)) k++;
      if (k == sl) return true;
    }
  }
  return false;
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
