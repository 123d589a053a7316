// Open-ended classification (section 5.4): pass A per answer, pass B per question (duplicate
// respondents, wrong topic with the sample vocabulary), and duplicate answers across questions.
// Texts arrive as Unicode code points after NFKC and lower-casing in the facade.
import { isLetter, isDigit, isSpace, isPunctuation, isCoreTrim, isVowel, unleet, scriptOf, SCRIPT_LATIN } from './text-chars';
import {
  hashAdd, hashRange, hashStart, tableGet, tableAdd, languageBit, LANGUAGES, LIST_STOPWORDS, LIST_GENERIC, LIST_INTENSIFIER,
  LIST_NOINFO, LIST_PROFANITY, LIST_DICTIONARY, LIST_KEYRUN, LIST_KEYRUN4, LIST_FILLER, LIST_NOINFO_PHRASE,
  LIST_PROFANITY_PREFIX,
} from './text-lists';
import { wordKey } from './text-keys';
import { take, release } from './mem';

/** Flag bit of category c is 1 << c; bit 0 marks an answer that is not scored. */
export const NOT_SCORED: u32 = 1;
/**
 * Marks a verdict the rules are unsure of (not a category): the AI judge, when configured, looks at
 * these. Set for answers whose topic is in doubt, whose language the stop words cannot place, and for
 * long answers, where chatbot text the phrase list misses hides.
 */
export const UNSURE: u32 = 1 << 20;
// Answers at least this long (code points) are unsure unless already flagged as fake.
const UNSURE_LENGTH: i32 = 160;

// Priority of the final category: lowest score first, ties in the order of 5.4 except that Wrong
// Language comes before Wrong Topic (same score): an answer in a language the question does not allow
// cannot share its words, so the language is the cause (scoring/README.md, changes to 5.4).
export const PRIORITY: StaticArray<i32> = [8, 12, 13, 7, 6, 9, 11, 10, 5, 4];

const CP_MINUS: i32 = 0x2d;

// @ts-ignore: decorator
@inline
function cpAt(cps: usize, i: i32): i32 {
  return load<i32>(cps + (<usize>i << 2));
}

/**
 * Adds words to a list after trimming core characters (?!.,-_/\*+~ and spaces) from both ends, the way
 * core(t) is formed, so that "k.a." in the list matches the answer "k.a.".
 */
export function textAddCoreWords(cps: usize, offs: usize, count: i32, bits: u32): i32 {
  for (let w = 0; w < count; w++) {
    let a = load<i32>(offs + (<usize>w << 2));
    let b = load<i32>(offs + (<usize>(w + 1) << 2));
    while (a < b && isCoreTrim(cpAt(cps, a))) a++;
    while (b > a && isCoreTrim(cpAt(cps, b - 1))) b--;
    if (!tableAdd(hashRange(cps, a, b), bits)) return -1;
  }
  return 0;
}

// Phrases typical of language models (category 13), matched as substrings of norm(t).
let aiText: usize = 0;
let aiOffs: usize = 0;
let aiCount: i32 = 0;

/** Stores the fake-answer phrases (copied; replaces earlier ones). */
export function textSetAiPhrases(cps: usize, offs: usize, count: i32): void {
  if (aiText != 0) {
    release(aiText);
    release(aiOffs);
  }
  const total = load<i32>(offs + (<usize>count << 2));
  aiText = take(<usize>total << 2);
  aiOffs = take(<usize>(count + 1) << 2);
  memory.copy(aiText, cps, <usize>total << 2);
  memory.copy(aiOffs, offs, <usize>(count + 1) << 2);
  aiCount = count;
}

function containsAiPhrase(cps: usize, a: i32, b: i32): bool {
  for (let p = 0; p < aiCount; p++) {
    const pa = load<i32>(aiOffs + (<usize>p << 2));
    const pl = load<i32>(aiOffs + (<usize>(p + 1) << 2)) - pa;
    if (pl <= 0) continue;
    for (let i = a; i + pl <= b; i++) {
      let t = 0;
      while (t < pl && cpAt(cps, i + t) == load<i32>(aiText + (<usize>(pa + t) << 2))) t++;
      if (t == pl) return true;
    }
  }
  return false;
}

/** A garbage token (5.4 rule 7b); only Latin-script tokens qualify (see scoring/README.md). */
function isGarbage(cps: usize, a: i32, b: i32, bits: u32): bool {
  if (bits & LIST_DICTIONARY) return false;
  const len = b - a;
  let vowels = 0;
  let run = 1;
  let maxRun = 1;
  for (let i = a; i < b; i++) {
    const cp = cpAt(cps, i);
    if (scriptOf(cp) != SCRIPT_LATIN) return false;
    if (isVowel(cp)) vowels++;
    if (i > a) {
      run = cp == cpAt(cps, i - 1) ? run + 1 : 1;
      if (run > maxRun) maxRun = run;
    }
  }
  if (len >= 5 && vowels == 0) return true;
  if (maxRun >= 4) return true;
  // A whole four-letter token that is a keyboard run ("fghj", "asdf"): too short for the 5-run rule.
  if (len == 4 && (bits & LIST_KEYRUN4) != 0) return true;
  for (let i = a; i + 5 <= b; i++) {
    if (tableGet(hashRange(cps, i, i + 5)) & LIST_KEYRUN) return true;
  }
  return isRepeatedSyllable(cps, a, b);
}

/** "lalala", "asdasd", "tztztztz": six or more letters repeating a unit of two or three. */
function isRepeatedSyllable(cps: usize, a: i32, b: i32): bool {
  const len = b - a;
  if (len < 6) return false;
  for (let p = 2; p <= 3; p++) {
    let periodic = true;
    for (let i = a + p; i < b && periodic; i++) periodic = cpAt(cps, i) == cpAt(cps, i - p);
    if (periodic) return true;
  }
  return false;
}

// Results of the last analysis, read by the question pass.
export let lastTokens: i32 = 0;
export let lastContent: i32 = 0;

/** Bytes per content token written by analyse: topic key (u64), start and end (i32). */
export const CONTENT_BYTES: i32 = 16;

// Topic keys of the question text's content words (set per question by the question pass): an answer
// made only of these and of words without content repeats the question ("Einkauf", "Had a coffee").
let echoKeys: usize = 0;
let echoCount: i32 = 0;

export function setQuestionEcho(keys: usize, count: i32): void {
  echoKeys = keys;
  echoCount = count;
}

function isEcho(key: u64): bool {
  for (let i = 0; i < echoCount; i++) if (load<u64>(echoKeys + (<usize>i << 3)) == key) return true;
  return false;
}

// Answers with at most this many tokens and no word of their own are Generic (4).
const GENERIC_MAX_TOKENS: i32 = 8;
// A no-information phrase makes an answer No Information (5) when nothing else in it has content.
const NOINFO_MAX_TOKENS: i32 = 12;
// Lists whose words say nothing by themselves: an answer made only of these has no content.
const NON_SPECIFIC: u32 = LIST_STOPWORDS | LIST_GENERIC | LIST_INTENSIFIER | LIST_FILLER | LIST_NOINFO;
// The token starts of the last four tokens, for no-information phrases of up to four words.
const recent = new StaticArray<i32>(4);
const hits = new StaticArray<i32>(LANGUAGES);

/**
 * Pass A for one answer cps[a, b). Writes its content tokens (CONTENT_BYTES each: topic key, start,
 * end; room for (b - a) / 3 + 1) to `content` and returns the category flags.
 */
export function analyse(
  cps: usize, a: i32, b: i32, seconds: f64, pastes: f64, allowedMask: u32, checkLanguage: bool, allLatin: bool, content: usize,
): u32 {
  lastTokens = 0;
  lastContent = 0;
  const len = b - a;
  if (len == 0) return NOT_SCORED;
  if (len == 4 && cpAt(cps, a) == CP_MINUS && cpAt(cps, a + 1) == 0x39 && cpAt(cps, a + 2) == 0x39 && cpAt(cps, a + 3) == 0x39) return NOT_SCORED;
  let flags: u32 = 0;
  let letters = 0;
  let latin = 0;
  let digits = 0;
  let symbols = 0;
  let punctOnly = true;
  for (let i = a; i < b; i++) {
    const cp = cpAt(cps, i);
    const script = scriptOf(cp);
    if (script != 0) {
      letters++;
      if (script == SCRIPT_LATIN) latin++;
      punctOnly = false;
    } else if (isDigit(cp)) {
      digits++;
      punctOnly = false;
    } else if (isPunctuation(cp)) {
      // stays punctuation-only
    } else if (!isSpace(cp)) {
      symbols++;
      punctOnly = false;
    }
  }
  for (let l = 0; l < LANGUAGES; l++) unchecked((hits[l] = 0));
  // Tokens: maximal runs of letters.
  let tokens = 0;
  let longTokens = 0;
  let garbage = 0;
  let specific = 0;
  let noinfoPhrase = false;
  let i = a;
  while (i < b) {
    if (!isLetter(cpAt(cps, i))) {
      i++;
      continue;
    }
    const ts = i;
    while (i < b && isLetter(cpAt(cps, i))) i++;
    const te = i;
    unchecked((recent[tokens & 3] = ts));
    tokens++;
    const bits = tableGet(hashRange(cps, ts, te));
    // One-letter tokens ("s" of "it's", "j" of "j'ai") are too ambiguous to count as a language.
    if ((bits & LIST_STOPWORDS) != 0 && te - ts > 1) {
      for (let l = 0; l < LANGUAGES; l++) if (bits & languageBit(l)) unchecked((hits[l] += 1));
    }
    const tlen = te - ts;
    const listed = (bits & NON_SPECIFIC) != 0;
    let key: u64 = 0;
    if (!listed && tlen >= 2) {
      key = wordKey(cps, ts, te);
      if (echoCount == 0 || !isEcho(key)) specific++;
    }
    if (!noinfoPhrase) {
      // Phrases of one to four tokens ending here.
      for (let k = 1; k <= 4 && k <= tokens; k++) {
        if (tableGet(spanHash(cps, unchecked(recent[(tokens - k) & 3]), te, false)) & LIST_NOINFO_PHRASE) noinfoPhrase = true;
      }
    }
    if (tlen >= 3) {
      longTokens++;
      if (isGarbage(cps, ts, te, bits)) garbage++;
      if (!listed) {
        const at = content + (<usize>lastContent * CONTENT_BYTES);
        store<u64>(at, key);
        store<i32>(at + 8, ts);
        store<i32>(at + 12, te);
        lastContent++;
      }
    }
  }
  lastTokens = tokens;
  // 12 Copy Paste (needs paradata).
  if ((pastes >= 1 && len >= 20) || (seconds > 0 && <f64>len / seconds > 12 && len >= 50)) flags |= 1 << 12;
  // 13 Fake Answer.
  if (containsAiPhrase(cps, a, b)) flags |= 1 << 13;
  // 7 Nonsense.
  if (letters == 0 && !punctOnly && (digits > 0 || symbols > 0)) flags |= 1 << 7;
  if (longTokens > 0 && garbage * 2 > longTokens) flags |= 1 << 7;
  // 6 Bad Language: whole tokens, profane word beginnings and 2-3 token phrases after leetspeak mapping.
  if (hasProfanity(cps, a, b)) flags |= 1 << 6;
  // 11 Wrong Language.
  if (checkLanguage) {
    if (allLatin && letters >= 2 && (letters - latin) * 2 >= letters) flags |= 1 << 11;
    if (tokens >= 3 && allowedMask != 0) {
      // Flag when the most stop-word hits (at least 2) belong only to languages the question does not
      // allow; a tie between two languages that are both not allowed is still not allowed.
      let best = 0;
      for (let l = 0; l < LANGUAGES; l++) best = max(best, unchecked(hits[l]));
      let topAllowed = false;
      for (let l = 0; l < LANGUAGES; l++) if (unchecked(hits[l]) == best && (languageBit(l) & allowedMask) != 0) topAllowed = true;
      if (best >= 2 && !topAllowed) flags |= 1 << 11;
      // Three or more words and not one function word of an allowed language: the language is open.
      let allowedHits = 0;
      for (let l = 0; l < LANGUAGES; l++) if ((languageBit(l) & allowedMask) != 0) allowedHits += unchecked(hits[l]);
      if (allowedHits == 0 && (flags & (1 << 11)) == 0) flags |= UNSURE;
    }
  }
  if (len >= UNSURE_LENGTH && (flags & (1 << 13)) == 0) flags |= UNSURE;
  // core(t) for the list rules.
  let ca = a;
  let cb = b;
  while (ca < cb && isCoreTrim(cpAt(cps, ca))) ca++;
  while (cb > ca && isCoreTrim(cpAt(cps, cb - 1))) cb--;
  const coreBits = tableGet(hashRange(cps, ca, cb));
  // 5 No Information: a listed answer, punctuation only, or a no-information phrase with nothing else of content.
  if ((coreBits & LIST_NOINFO) || punctOnly || (noinfoPhrase && specific == 0 && tokens <= NOINFO_MAX_TOKENS)) flags |= 1 << 5;
  // 4 Generic: a listed answer, or a short answer without a word of its own (only generic words,
  // intensifiers, fillers, function words or the question's own words).
  if ((coreBits & LIST_GENERIC) || (tokens >= 1 && tokens <= GENERIC_MAX_TOKENS && specific == 0 && letters > 0)) flags |= 1 << 4;
  return flags;
}

/**
 * Hash of cps[a, b) as a phrase: letter runs joined by one space (how the facade stores phrases), with
 * leetspeak mapped when `leet`.
 */
function spanHash(cps: usize, a: i32, b: i32, leet: bool): u64 {
  let h = hashStart();
  let space = false;
  for (let i = a; i < b; i++) {
    const cp = leet ? unleet(cpAt(cps, i)) : cpAt(cps, i);
    if (isLetter(cp)) {
      if (space) h = hashAdd(h, 0x20);
      space = false;
      h = hashAdd(h, cp);
    } else space = true;
  }
  return h == 0 ? 1 : h;
}

function hasProfanity(cps: usize, a: i32, b: i32): bool {
  // Starts of the previous two tokens let phrases of up to three words match.
  let prev1: i32 = -1, prev2: i32 = -1;
  let i = a;
  while (i < b) {
    if (!isLetter(unleet(cpAt(cps, i)))) {
      i++;
      continue;
    }
    const ts = i;
    let h = hashStart();
    while (i < b && isLetter(unleet(cpAt(cps, i)))) {
      h = hashAdd(h, unleet(cpAt(cps, i)));
      i++;
      // Profane beginnings of four to seven letters ("scheiß" in "Scheißumfrage").
      const n = i - ts;
      if (n >= 4 && n <= 7 && (tableGet(h == 0 ? 1 : h) & LIST_PROFANITY_PREFIX) != 0) return true;
    }
    if (tableGet(h == 0 ? 1 : h) & LIST_PROFANITY) return true;
    if (prev1 >= 0 && (tableGet(spanHash(cps, prev1, i, true)) & LIST_PROFANITY) != 0) return true;
    if (prev2 >= 0 && (tableGet(spanHash(cps, prev2, i, true)) & LIST_PROFANITY) != 0) return true;
    prev2 = prev1;
    prev1 = ts;
  }
  return false;
}
