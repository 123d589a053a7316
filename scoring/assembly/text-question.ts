// Per-question and cross-question passes of the open-ended classifier (pass A per distinct text,
// pass B over the dataset: categories 8 and 10 here, 8 and 9 in text-clusters.ts) and the final
// category per answer.
import { analyse, copyPaste, lastTokens, lastContent, setQuestionEcho, CONTENT_BYTES, NOT_SCORED, OFFTOPIC, PERSONAL_EVENT, PRIORITY, UNSURE } from './text';
import { duplicateRespondents, textGramSets } from './text-clusters';
import {
  field, B_CPS, B_OFFS, B_TEXTS, B_ANSWERS, B_TEXT_OF, B_FLAGS, B_CLUSTER, B_TEXT_FLAGS, B_TEXT_TOKENS, B_TEXT_COUNT, B_CONTENT, B_CSTART,
} from './text-block';
import { hashAdd, hashRange, hashStart, tableGet, LIST_STOPWORDS, LIST_GENERIC, LIST_INTENSIFIER, LIST_FILLER, LIST_NOINFO, LIST_OFFTOPIC, LIST_SURVEY_WORD, LIST_TIME_NOUN, LIST_EVENT_TIME } from './text-lists';
import { isLetter } from './text-chars';
import { wordKey, foldWord, foldedAt, stemLength } from './text-keys';
import { take, release, ldf } from './mem';

const OPT_DUPLICATES: i32 = 1;
const OPT_LANGUAGE: i32 = 4;
const OPT_ALL_LATIN: i32 = 8;

const TOPIC_MIN_CONTENT: i32 = 4;
// An off-topic marker needs company: a lone "Umfrage" or "www" says too little.
const MARKED_MIN_TOKENS: i32 = 2;
const TOPIC_SUPPORT: i32 = 3;
const FLAGS_4_5: u32 = (1 << 4) | (1 << 5);
// Words of a question that do not name its topic: function words, and evaluations, intensifiers and
// fillers ("What do you like best", "really"), which an answer on any subject may use.
const NOT_TOPIC: u32 = LIST_STOPWORDS | LIST_GENERIC | LIST_INTENSIFIER | LIST_FILLER | LIST_NOINFO;
// Answers the wrong-topic rule leaves alone: non-answers (4, 5) are not about another topic, and a
// wrong language is decided before the topic (its words cannot match the question's).
const TOPIC_SKIP: u32 = NOT_SCORED | FLAGS_4_5 | (1 << 11);
// Longest topic word kept for the compound test (folded letters).
const TOPIC_WORD_MAX: i32 = 32;

/**
 * Support a word needs from other respondents to count as the question's vocabulary: the rule as
 * first written asks for 3, which a small sample rarely reaches (45 answers: a word two others used
 * is still topical), so it grows with the sample: 1 other respondent below 200 answers, 2 below
 * 300, 3 from 300 on.
 */
function supportNeeded(n: i32): i32 {
  return min(TOPIC_SUPPORT, max(1, n / 100));
}

// @ts-ignore: decorator
@inline
function ldi(p: usize, i: i32): i32 {
  return load<i32>(p + (<usize>i << 2));
}

/**
 * Pass A over the d texts of a block (text-block.ts; the texts of one question, or the next chunk of
 * them while the answers are still arriving): every rule that reads the text alone, its content
 * tokens and its gram set. `q` holds the question text (q[0, qTextLen)) followed by the keywords.
 * `options`: 4 language check (allowed languages configured), 8 all allowed languages use Latin
 * script. `allowedMask` has the bit of every allowed language with a stop-word list (languageBit in
 * text-lists.ts); 0 disables the stop-word rule. `names`: u32 per text, the tokens that belong to a
 * written name (bit k: token k; scoring/text-encode.ts, nameTokens), or 0 when no text has one.
 */
export function textAnalyseTexts(block: usize, q: usize, qTextLen: i32, options: i32, allowedMask: u32, names: usize): void {
  const cps = field(block, B_CPS);
  const offs = field(block, B_OFFS);
  const d = <i32>field(block, B_TEXTS);
  const textFlags = field(block, B_TEXT_FLAGS);
  const tokens = field(block, B_TEXT_TOKENS);
  const content = field(block, B_CONTENT);
  const cStart = field(block, B_CSTART);
  const echo = take(<usize>(qTextLen / 4 + 1) << 3);
  setQuestionEcho(echo, topicKeys(q, 0, qTextLen, echo, LIST_STOPWORDS));
  let used = 0;
  for (let t = 0; t < d; t++) {
    store<i32>(cStart + (<usize>t << 2), used);
    const named = names != 0 ? load<u32>(names + (<usize>t << 2)) : 0;
    const f = analyse(cps, ldi(offs, t), ldi(offs, t + 1), allowedMask, (options & OPT_LANGUAGE) != 0, (options & OPT_ALL_LATIN) != 0, content + <usize>used * CONTENT_BYTES, named);
    store<u32>(textFlags + (<usize>t << 2), f);
    store<i32>(tokens + (<usize>t << 2), lastTokens);
    used += lastContent;
  }
  store<i32>(cStart + (<usize>d << 2), used);
  setQuestionEcho(0, 0);
  release(echo);
  textGramSets(block);
}

/**
 * The answers of one question once every text has been through pass A (block: text-block.ts): each
 * answer takes its text's flags plus the paradata rule, then Duplicate Respondent (8) when `options`
 * has 1. `seconds`, `pastes` (f64 per answer) and `order` (start time) may be 0 when absent. Fills the
 * block's per-text counts and per-answer flags and clusters.
 */
export function textClassifyAnswers(block: usize, options: i32, seconds: usize, pastes: usize, order: usize): void {
  const offs = field(block, B_OFFS);
  const d = <i32>field(block, B_TEXTS);
  const n = <i32>field(block, B_ANSWERS);
  const textOf = field(block, B_TEXT_OF);
  const flags = field(block, B_FLAGS);
  const textFlags = field(block, B_TEXT_FLAGS);
  const count = field(block, B_TEXT_COUNT);
  const cluster = field(block, B_CLUSTER);
  for (let t = 0; t < d; t++) store<i32>(count + (<usize>t << 2), 0);
  for (let i = 0; i < n; i++) {
    const t = ldi(textOf, i);
    store<i32>(count + (<usize>t << 2), ldi(count, t) + 1);
    let f = load<u32>(textFlags + (<usize>t << 2));
    if ((f & NOT_SCORED) == 0) {
      const sec = seconds != 0 ? ldf(seconds, i) : NaN;
      const pst = pastes != 0 ? ldf(pastes, i) : NaN;
      if (copyPaste(ldi(offs, t + 1) - ldi(offs, t), sec, pst)) f |= 1 << 12;
    }
    store<u32>(flags + (<usize>i << 2), f);
    store<i32>(cluster + (<usize>i << 2), -1);
  }
  if (options & OPT_DUPLICATES) duplicateRespondents(block, order);
}

/** Writes the topic keys of the words of q[a, b) with 3+ letters and in none of the lists `skip` to `out`; returns their count. */
function topicKeys(q: usize, a: i32, b: i32, out: usize, skip: u32): i32 {
  let count = 0;
  let i = a;
  while (i < b) {
    if (!isLetter(ldi(q, i))) {
      i++;
      continue;
    }
    const ts = i;
    while (i < b && isLetter(ldi(q, i))) i++;
    if (i - ts >= 3 && (tableGet(hashRange(q, ts, i)) & skip) == 0) {
      store<u64>(out + (<usize>count << 3), wordKey(q, ts, i));
      count++;
    }
  }
  return count;
}

// The survey's vocabulary over all its open questions: for every key, the sum over questions of the
// respondents who used it, and the keys and stems of every question's text and keywords. Answers to one
// question of a survey often use words that belong to another ("Berge" in why-this-destination, "Obst"
// in what-bothers-you-at-the-supermarket), so a word from the survey is no sign of another topic.
let surveySupport = new Map<u64, i32>();
let surveyTopic = new Set<u64>();
// Folded stems (4+ letters) of the survey's question words and keywords for the compound test, one
// after another; stem s is surveyStems[stemStart[s], stemStart[s + 1]).
let surveyStems = new Array<i32>();
let stemStart: Array<i32> = [0];

/** Starts a survey (a classification call): forgets the previous survey's vocabulary. */
export function textSurveyReset(): void {
  surveySupport = new Map<u64, i32>();
  surveyTopic = new Set<u64>();
  surveyStems = new Array<i32>();
  stemStart = [0];
}

/** Adds one question's text, keywords (q[0, qlen)) and answers' content tokens to the survey vocabulary. */
export function textSurveyAdd(block: usize, q: usize, qlen: i32): void {
  const buf = take(<usize>(qlen / 4 + 1) << 3);
  const count = topicKeys(q, 0, qlen, buf, NOT_TOPIC);
  for (let t = 0; t < count; t++) surveyTopic.add(load<u64>(buf + (<usize>t << 3)));
  release(buf);
  addStems(q, qlen);
  const own = respondentSupport(block);
  const keys = own.keys();
  for (let k = 0; k < keys.length; k++) {
    const h = unchecked(keys[k]);
    surveySupport.set(h, (surveySupport.has(h) ? surveySupport.get(h) : 0) + own.get(h));
  }
}

/** Appends the folded stems of the words of q[0, qlen) with 4+ letters that are not stop words. */
function addStems(q: usize, qlen: i32): void {
  let i = 0;
  while (i < qlen) {
    if (!isLetter(ldi(q, i))) {
      i++;
      continue;
    }
    const ts = i;
    while (i < qlen && isLetter(ldi(q, i))) i++;
    if (i - ts < 4 || (tableGet(hashRange(q, ts, i)) & NOT_TOPIC) != 0) continue;
    const len = min(stemLength(foldWord(q, ts, i)), TOPIC_WORD_MAX);
    if (len < 4) continue;
    for (let c = 0; c < len; c++) surveyStems.push(foldedAt(c));
    stemStart.push(surveyStems.length);
  }
}

/** For every key, the number of respondents whose answer uses it (each text counts for everyone who wrote it). */
function respondentSupport(block: usize): Map<u64, i32> {
  const d = <i32>field(block, B_TEXTS);
  const content = field(block, B_CONTENT);
  const cStart = field(block, B_CSTART);
  const count = field(block, B_TEXT_COUNT);
  const support = new Map<u64, i32>();
  for (let r = 0; r < d; r++) {
    const a = ldi(cStart, r);
    const b = ldi(cStart, r + 1);
    const c = ldi(count, r);
    for (let t = a; t < b; t++) {
      const h = load<u64>(content + <usize>t * CONTENT_BYTES);
      let seen = false;
      for (let u = a; u < t; u++) if (load<u64>(content + <usize>u * CONTENT_BYTES) == h) seen = true;
      if (!seen) support.set(h, support.has(h) ? support.get(h) + c : c);
    }
  }
  return support;
}

// Topic status per answer, written by textWrongTopic and read by textTopicResolve.
const TOPIC_NONE: i32 = 0;
const TOPIC_SUSPECT: i32 = 1;
const TOPIC_ATTENTIVE: i32 = 2;
const TOPIC_MARKED: i32 = 3;
// How an answer's words tie it to the survey (per text).
const TIE_ANSWERS: u8 = 1;
const TIE_QUESTION: u8 = 2;

/**
 * Wrong Topic (10), first step: writes the topic status of every answer of one question to `status`
 * (i32 per respondent) and flags the answers that carry their own evidence. A token is tied to the
 * survey when its key is a key of a question text or keyword of the survey, or when it contains a
 * question word or keyword of four or more letters inside a compound ("Wocheneinkauf" for "Einkauf");
 * it is topical when tied, or when enough other respondents used it (supportNeeded), in this question
 * or, one more, in the survey's other questions.
 *
 * An answer with an off-topic marker (OFFTOPIC: advertising, requests to the public, remarks about the
 * survey, e-mail addresses and handles), at least two tokens and no token tied to the survey is Wrong
 * Topic on its own (marked). An answer with at least four content tokens none of which is topical is
 * suspect: a word list cannot tell an unusual on-topic answer from an off-topic one, so textTopicResolve
 * decides suspects over the respondent. Attentive: no flag and at least one topical token.
 */
export function textWrongTopic(block: usize, q: usize, qlen: i32, status: usize): void {
  const cps = field(block, B_CPS);
  const offs = field(block, B_OFFS);
  const d = <i32>field(block, B_TEXTS);
  const n = <i32>field(block, B_ANSWERS);
  const textOf = field(block, B_TEXT_OF);
  const flags = field(block, B_FLAGS);
  const textFlags = field(block, B_TEXT_FLAGS);
  const tokens = field(block, B_TEXT_TOKENS);
  const content = field(block, B_CONTENT);
  const cStart = field(block, B_CSTART);
  const topicBuf = take(<usize>(qlen / 4 + 1) << 3);
  const topicCount = topicKeys(q, 0, qlen, topicBuf, NOT_TOPIC);
  const topic = new Set<u64>();
  for (let t = 0; t < topicCount; t++) topic.add(load<u64>(topicBuf + (<usize>t << 3)));
  release(topicBuf);
  const support = respondentSupport(block);
  const needed = supportNeeded(n);
  const nStems = stemStart.length - 1;
  // How each text is tied to the topic, the same for every respondent who wrote it: TIE_QUESTION when a
  // token is tied to the questions, TIE_ANSWERS when only other respondents used one, else 0.
  const tie = take(<usize>(d + 1));
  for (let r = 0; r < d; r++) {
    const a = ldi(cStart, r);
    const b = ldi(cStart, r + 1);
    const f = load<u32>(textFlags + (<usize>r << 2));
    // Only a marked answer needs to know whether a tie is to the questions; others stop at the first.
    const marked = (f & OFFTOPIC) != 0;
    let tied: u8 = 0;
    // The words that date a personal story ("gestern", "nächste Woche") do not tie it to the survey.
    const personal = (f & PERSONAL_EVENT) != 0;
    if ((f & TOPIC_SKIP) == 0) {
      for (let t = a; t < b; t++) {
        if (personal && isTimeNoun(cps, ldi(offs, r), content + <usize>t * CONTENT_BYTES)) continue;
        const h = load<u64>(content + <usize>t * CONTENT_BYTES);
        if (topic.has(h) || surveyTopic.has(h)) {
          // A marked answer's own marker words are its evidence, not a tie ("looking for a used bike"
          // where the question asks when one last "used" the app).
          if (marked && inMarkerPhrase(cps, ldi(offs, r), ldi(offs, r + 1), content + <usize>t * CONTENT_BYTES)) continue;
          tied = TIE_QUESTION;
          break;
        }
        // Other respondents only: this answer's own use does not count towards V_q.
        const own = support.get(h);
        if (own - 1 >= needed || (surveySupport.has(h) && surveySupport.get(h) - own >= needed + 1)) {
          tied = TIE_ANSWERS;
          if (!marked) break;
        }
      }
      // The compound test (the dearest) only where its answer changes the verdict.
      if (nStems > 0 && (tied == 0 || (tied == TIE_ANSWERS && marked))) {
        for (let t = a; t < b; t++) {
          // Content tokens hold their place relative to the start of their text.
          const at = content + <usize>t * CONTENT_BYTES;
          if (containsStem(cps, ldi(offs, r) + load<i32>(at + 8), ldi(offs, r) + load<i32>(at + 12), nStems)) {
            tied = TIE_QUESTION;
            break;
          }
        }
      }
    }
    store<u8>(tie + <usize>r, tied);
  }
  for (let r = 0; r < n; r++) {
    const t = ldi(textOf, r);
    const f = load<u32>(flags + (<usize>r << 2));
    store<i32>(status + (<usize>r << 2), TOPIC_NONE);
    if (f & TOPIC_SKIP) continue;
    const tied = load<u8>(tie + <usize>t);
    const c = ldi(cStart, t + 1) - ldi(cStart, t);
    if ((f & OFFTOPIC) != 0 && tied != TIE_QUESTION && ldi(tokens, t) >= MARKED_MIN_TOKENS) {
      store<i32>(status + (<usize>r << 2), TOPIC_MARKED);
      store<u32>(flags + (<usize>r << 2), f | (1 << 10));
    } else if (tied == 0 && c >= TOPIC_MIN_CONTENT && (f & PERSONAL_EVENT) != 0) {
      // A personal story dated to one event, without one word of the survey, is evidence of its own.
      store<i32>(status + (<usize>r << 2), TOPIC_MARKED);
      store<u32>(flags + (<usize>r << 2), f | (1 << 10));
    } else if (tied == 0 && c >= TOPIC_MIN_CONTENT) {
      store<i32>(status + (<usize>r << 2), TOPIC_SUSPECT);
      store<u32>(flags + (<usize>r << 2), f | UNSURE);
    } else if (tied != 0 && (f & ~(UNSURE | PERSONAL_EVENT)) == 0) store<i32>(status + (<usize>r << 2), TOPIC_ATTENTIVE);
  }
  release(tie);
}

/**
 * Wrong Topic (10), second step over the survey's `questions` checked questions (`statuses` and `flags`:
 * one pointer per question to its n statuses and flags): a suspect answer is Wrong Topic only when the
 * same respondent wrote a marked answer (advertising, a remark about the survey) and no attentive one.
 * An answer without a word of the survey is far more often an unusual on-topic answer than an off-topic
 * one: a respondent whose other answers also lack the survey's words is no evidence either (measured on
 * a set written apart from the rules, that corroboration called 2 % of its valid answers Wrong Topic),
 * and a wrong verdict costs a real respondent. Suspects stay unsure, for the AI judge.
 */
export function textTopicResolve(statuses: usize, flags: usize, questions: i32, n: i32): void {
  for (let r = 0; r < n; r++) {
    let attentive = false;
    let marked = false;
    for (let k = 0; k < questions; k++) {
      const st = load<i32>(<usize>ldi(statuses, k) + (<usize>r << 2));
      if (st == TOPIC_ATTENTIVE) attentive = true;
      if (st == TOPIC_MARKED) marked = true;
    }
    if (attentive || !marked) continue;
    for (let k = 0; k < questions; k++) {
      if (load<i32>(<usize>ldi(statuses, k) + (<usize>r << 2)) != TOPIC_SUSPECT) continue;
      const at = <usize>ldi(flags, k) + (<usize>r << 2);
      store<u32>(at, load<u32>(at) | (1 << 10));
    }
  }
}

/**
 * Whether the content token stored at `at` (its place relative to the text start `a`; the text ends at
 * `b`) is one of the words of an off-topic phrase of two to four words in that text. Single marker words
 * and words that name the survey or its questions ("zu viele Fragen") are left out: a question may ask
 * about them.
 */
function inMarkerPhrase(cps: usize, a: i32, b: i32, at: usize): bool {
  const ts = a + load<i32>(at + 8);
  if (tableGet(hashRange(cps, ts, a + load<i32>(at + 12))) & LIST_SURVEY_WORD) return false;
  // Token bounds of the text: maximal runs of letters, as analyse reads them.
  const starts = new Array<i32>();
  const ends = new Array<i32>();
  let i = a;
  let me = -1;
  while (i < b) {
    if (!isLetter(ldi(cps, i))) {
      i++;
      continue;
    }
    if (i == ts) me = starts.length;
    starts.push(i);
    while (i < b && isLetter(ldi(cps, i))) i++;
    ends.push(i);
  }
  if (me < 0) return false;
  const n = starts.length;
  for (let k = 2; k <= 4; k++) {
    for (let first = max(0, me - k + 1); first <= me && first + k <= n; first++) {
      // The phrase hash analyse builds: the tokens' code points joined by one space.
      let h = hashStart();
      for (let j = first; j < first + k; j++) {
        if (j > first) h = hashAdd(h, 0x20);
        for (let c = unchecked(starts[j]); c < unchecked(ends[j]); c++) h = hashAdd(h, ldi(cps, c));
      }
      if (tableGet(h == 0 ? 1 : h) & LIST_OFFTOPIC) return true;
    }
  }
  return false;
}

/** Whether the content token stored at `at` (its place relative to the text start `start`) dates an event. */
function isTimeNoun(cps: usize, start: i32, at: usize): bool {
  return (tableGet(hashRange(cps, start + load<i32>(at + 8), start + load<i32>(at + 12))) & (LIST_TIME_NOUN | LIST_EVENT_TIME)) != 0;
}

/** Whether the answer token [a, b) contains one of the survey's stems after its first letter (a compound). */
function containsStem(cps: usize, a: i32, b: i32, nStems: i32): bool {
  const len = foldWord(cps, a, b);
  for (let s = 0; s < nStems; s++) {
    const sa = unchecked(stemStart[s]);
    const sl = unchecked(stemStart[s + 1]) - sa;
    for (let p = 1; p + sl <= len; p++) {
      let k = 0;
      while (k < sl && foldedAt(p + k) == unchecked(surveyStems[sa + k])) k++;
      if (k == sl) return true;
    }
  }
  return false;
}

/** Final category per answer from its flags: the flag with the lowest score wins; 0 = not scored. */
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
