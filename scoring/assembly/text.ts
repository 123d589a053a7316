// Open-ended classification (section 5.4): pass A per answer, pass B per question (duplicate
// respondents, wrong topic with the sample vocabulary), and duplicate answers across questions.
// Texts arrive as Unicode code points after NFKC and lower-casing in the facade.
import { isLetter, isDigit, isSpace, isPunctuation, isCoreTrim, isVowel, unleet, scriptOf, SCRIPT_LATIN } from './text-chars';
import {
  hashAdd, hashRange, hashStart, tableGet, tableAdd, LIST_STOPWORDS, LIST_GENERIC, LIST_INTENSIFIER, LIST_NOINFO,
  LIST_PROFANITY, LIST_DICTIONARY, LIST_KEYRUN,
} from './text-lists';
import { take, release } from './mem';

/** Flag bit of category c is 1 << c; bit 0 marks an answer that is not scored. */
export const NOT_SCORED: u32 = 1;

// Priority of the final category: lowest score first, ties in the order of 5.4.
export const PRIORITY: StaticArray<i32> = [8, 12, 13, 7, 6, 9, 10, 11, 5, 4];

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
  for (let i = a; i + 5 <= b; i++) {
    if (tableGet(hashRange(cps, i, i + 5)) & LIST_KEYRUN) return true;
  }
  return false;
}

// Results of the last analysis, read by the question pass.
export let lastTokens: i32 = 0;
export let lastContent: i32 = 0;

/**
 * Pass A for one answer cps[a, b). Writes the 5-character prefix hashes of its content tokens to
 * `content` (room for (b - a) / 3 + 1) and returns the category flags.
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
  // Tokens: maximal runs of letters.
  let tokens = 0;
  let longTokens = 0;
  let garbage = 0;
  let genericOnly = true;
  let anyGeneric = false;
  let hits0 = 0, hits1 = 0, hits2 = 0, hits3 = 0, hits4 = 0;
  let i = a;
  while (i < b) {
    if (!isLetter(cpAt(cps, i))) {
      i++;
      continue;
    }
    const ts = i;
    while (i < b && isLetter(cpAt(cps, i))) i++;
    const te = i;
    tokens++;
    const bits = tableGet(hashRange(cps, ts, te));
    if (bits & 1) hits0++;
    if (bits & 2) hits1++;
    if (bits & 4) hits2++;
    if (bits & 8) hits3++;
    if (bits & 16) hits4++;
    if ((bits & (LIST_GENERIC | LIST_INTENSIFIER)) == 0) genericOnly = false;
    if (bits & LIST_GENERIC) anyGeneric = true;
    if (te - ts >= 3) {
      longTokens++;
      if (isGarbage(cps, ts, te, bits)) garbage++;
      if ((bits & LIST_STOPWORDS) == 0) {
        store<u64>(content + (<usize>lastContent << 3), hashRange(cps, ts, min(te, ts + 5)));
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
  // 6 Bad Language: whole tokens and 2-3 token phrases after leetspeak mapping.
  if (hasProfanity(cps, a, b)) flags |= 1 << 6;
  // 11 Wrong Language.
  if (checkLanguage) {
    if (allLatin && letters >= 2 && (letters - latin) * 2 >= letters) flags |= 1 << 11;
    if (tokens >= 3 && allowedMask != 0) {
      let best = 0;
      let bestBit: u32 = 0;
      let ties = 0;
      const h: StaticArray<i32> = [hits0, hits1, hits2, hits3, hits4];
      for (let l = 0; l < 5; l++) {
        const v = unchecked(h[l]);
        if (v > best) {
          best = v;
          bestBit = <u32>1 << l;
          ties = 1;
        } else if (v == best) ties++;
      }
      if (best >= 2 && ties == 1 && (bestBit & allowedMask) == 0) flags |= 1 << 11;
    }
  }
  // core(t) for the list rules.
  let ca = a;
  let cb = b;
  while (ca < cb && isCoreTrim(cpAt(cps, ca))) ca++;
  while (cb > ca && isCoreTrim(cpAt(cps, cb - 1))) cb--;
  const coreBits = tableGet(hashRange(cps, ca, cb));
  // 5 No Information.
  if ((coreBits & LIST_NOINFO) || punctOnly) flags |= 1 << 5;
  // 4 Generic.
  if ((coreBits & LIST_GENERIC) || (tokens >= 1 && tokens <= 3 && genericOnly && anyGeneric)) flags |= 1 << 4;
  return flags;
}

function hasProfanity(cps: usize, a: i32, b: i32): bool {
  // Hashes of the previous two tokens let phrases of up to three words match.
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
    }
    if (tableGet(h == 0 ? 1 : h) & LIST_PROFANITY) return true;
    if (prev1 >= 0 && phraseHit(cps, prev1, i)) return true;
    if (prev2 >= 0 && phraseHit(cps, prev2, i)) return true;
    prev2 = prev1;
    prev1 = ts;
  }
  return false;
}

/** Whether cps[a, b) with leetspeak mapped and whitespace runs collapsed is a listed profane phrase. */
function phraseHit(cps: usize, a: i32, b: i32): bool {
  let h = hashStart();
  let space = false;
  for (let i = a; i < b; i++) {
    const cp = unleet(cpAt(cps, i));
    if (isLetter(cp)) {
      if (space) h = hashAdd(h, 0x20);
      space = false;
      h = hashAdd(h, cp);
    } else space = true;
  }
  return (tableGet(h == 0 ? 1 : h) & LIST_PROFANITY) != 0;
}
