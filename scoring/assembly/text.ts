// Open-ended classification, offline and rule by rule: pass A per answer, pass B per question
// (duplicate respondents, wrong topic with the sample vocabulary), and duplicate answers across
// questions. Texts arrive as Unicode code points after NFKC and lower-casing in the facade.
import { isLetter, isDigit, isSpace, isPunctuation, isCoreTrim, isVowel, scriptOf, SCRIPT_LATIN } from './text-chars';
import {
  hashAdd, hashRange, hashStart, tableGet, tableAdd, languageBit, LANGUAGES, LIST_STOPWORDS, LIST_GENERIC, LIST_INTENSIFIER,
  LIST_NOINFO, LIST_DICTIONARY, LIST_KEYRUN, LIST_KEYRUN4, LIST_FILLER, LIST_NOINFO_PHRASE,
  LIST_OFFTOPIC, LIST_SW_DE, LIST_SW_EN, LIST_SELF, LIST_EVENT_TIME, LIST_EXPLAIN, LIST_HEDGE,
} from './text-lists';
import { wordKey } from './text-keys';
import { standsAlone, hyphenated, dotted, bareLink, foreignDiacritic } from './text-shape';
import { hasProfanity } from './text-profanity';
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
/**
 * Marks an answer with a sign of another subject (not a category): an off-topic phrase (LIST_OFFTOPIC)
 * or an '@' before a letter (an e-mail address or a social-media handle). The wrong-topic rule reads it.
 */
export const OFFTOPIC: u32 = 1 << 21;
/**
 * Marks a personal story (not a category): a first-person possessive or "we" beside a word that dates
 * a one-off event ("Mein Sohn hat nächste Woche Prüfung", "my landlord ... this year"). The
 * wrong-topic rule reads it only for answers without a word of the survey.
 */
export const PERSONAL_EVENT: u32 = 1 << 22;
const CP_AT: i32 = 0x40;

// Priority of the final category: lowest score first, ties in the order 8, 12, 13, 7, 6, 9, 10, 11,
// 5, 4 except that Wrong Language comes before Wrong Topic (same score): an answer in a language
// the question does not allow cannot share its words, so the language is the cause
// (scoring/README.md, in its list of changes).
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
// The pairs of code points the phrases start with, hashed into 1,024 bits: a position whose pair is
// not among them starts no phrase, so most positions are passed over without comparing any phrase.
const aiStarts = new StaticArray<u32>(32);
let aiShort = false;

// @ts-ignore: decorator
@inline
function pairBit(c0: i32, c1: i32): i32 {
  return <i32>((<u32>c0 * 0x9e3779b1 + <u32>c1 * 0x85ebca77) >> 22);
}

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
  aiShort = false;
  for (let w = 0; w < 32; w++) unchecked((aiStarts[w] = 0));
  for (let p = 0; p < count; p++) {
    const pa = load<i32>(aiOffs + (<usize>p << 2));
    const pl = load<i32>(aiOffs + (<usize>(p + 1) << 2)) - pa;
    if (pl == 1) aiShort = true;
    if (pl < 2) continue;
    const bit = pairBit(load<i32>(aiText + (<usize>pa << 2)), load<i32>(aiText + (<usize>(pa + 1) << 2)));
    unchecked((aiStarts[bit >> 5] |= 1 << (bit & 31)));
  }
}

function containsAiPhrase(cps: usize, a: i32, b: i32): bool {
  for (let i = a; i < b; i++) {
    if (!aiShort) {
      if (i + 1 >= b) break;
      const bit = pairBit(cpAt(cps, i), cpAt(cps, i + 1));
      if ((unchecked(aiStarts[bit >> 5]) & (1 << (bit & 31))) == 0) continue;
    }
    for (let p = 0; p < aiCount; p++) {
      const pa = load<i32>(aiOffs + (<usize>p << 2));
      const pl = load<i32>(aiOffs + (<usize>(p + 1) << 2)) - pa;
      if (pl <= 0 || i + pl > b) continue;
      let t = 0;
      while (t < pl && cpAt(cps, i + t) == load<i32>(aiText + (<usize>(pa + t) << 2))) t++;
      if (t == pl) return true;
    }
  }
  return false;
}

/**
 * A garbage token (the Nonsense rule: no vowel, a keyboard run or a repeated character); only
 * Latin-script tokens qualify (see scoring/README.md).
 */
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

/** "lalala", "asdasd", "tztztztz", "asdfasdf": a unit of two to four letters, repeated to six or more letters and at least twice. */
function isRepeatedSyllable(cps: usize, a: i32, b: i32): bool {
  const len = b - a;
  if (len < 6) return false;
  for (let p = 2; p <= 4 && 2 * p <= len; p++) {
    let periodic = true;
    for (let i = a + p; i < b && periodic; i++) periodic = cpAt(cps, i) == cpAt(cps, i - p);
    if (periodic) return true;
  }
  return false;
}

// Results of the last analysis, read by the question pass.
export let lastTokens: i32 = 0;
export let lastContent: i32 = 0;

/** Bytes per content token written by analyse: topic key (u64), start and end (i32, from the start of the text). */
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
// An explanation of a non-answer is short: at most this many tokens after the phrase ("k.a. wir waren am
// Strand und es war schön und warm" answers after all).
const EXPLAIN_MAX_TOKENS: i32 = 6;
// Lists whose words say nothing by themselves: an answer made only of these has no content.
const NON_SPECIFIC: u32 = LIST_STOPWORDS | LIST_GENERIC | LIST_INTENSIFIER | LIST_FILLER | LIST_NOINFO;
// Hashes of the phrases ending at the previous token that start at each of the last four tokens.
const spans = new StaticArray<u64>(4);
const hits = new StaticArray<i32>(LANGUAGES);

/**
 * Copy Paste (12), the one rule of pass A that reads paradata rather than the text: a paste and 20+
 * characters, or over 12 characters per second for 50+ characters (`len` in code points; NaN = unknown).
 */
export function copyPaste(len: i32, seconds: f64, pastes: f64): bool {
  return (pastes >= 1 && len >= 20) || (seconds > 0 && <f64>len / seconds > 12 && len >= 50);
}

/**
 * Pass A for one answer cps[a, b), every rule that reads the text alone (all but copyPaste). Writes its
 * content tokens (CONTENT_BYTES each: topic key, start and end relative to a; room for (b - a) / 3 + 1)
 * to `content` and returns the category flags. `names`: the tokens that belong to a written name or are an acronym (bit
 * k: token k, from the answer as written: scoring/text-encode.ts, nameTokens).
 */
export function analyse(cps: usize, a: i32, b: i32, allowedMask: u32, checkLanguage: bool, allLatin: bool, content: usize, names: u32): u32 {
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
  let marker = false;
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
      if (cp == CP_AT && i + 1 < b && isLetter(cpAt(cps, i + 1))) marker = true;
    }
  }
  for (let l = 0; l < LANGUAGES; l++) unchecked((hits[l] = 0));
  // Tokens: maximal runs of letters.
  let tokens = 0;
  let longTokens = 0;
  let garbage = 0;
  let specific = 0;
  let noinfoPhrase = false;
  // The last token of the latest no-information phrase, and the latest generic word.
  let phraseEnd = -1;
  // The first token of the earliest-starting no-information phrase that ends at phraseEnd.
  let phraseStart = -1;
  let genericAt = -1;
  let self = false;
  let eventTime = false;
  let noinfoWord = false;
  let genericWord = false;
  // The last token of the latest no-information word; whether the respondent speaks of themselves
  // right after a no-information phrase or word near the start, or after one function word ("unsure as
  // we use a group site", "don't know, I'm just a student"; "not sure, it was a gift" answers), and
  // the last token of that phrase; any hedge.
  let noinfoWordAt = -1;
  let explained = false;
  let explainAt = -1;
  let prevStop = false;
  let hedged = false;
  // Tokens with a letter whose diacritic neither English nor German writes ("problèmes", "crédibilité").
  let accented = 0;
  // Function words of three or more letters in no allowed language's list.
  let foreign = 0;
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
    let raw = hashStart();
    let mark = false;
    for (let c = ts; c < te; c++) {
      const cp = cpAt(cps, c);
      raw = hashAdd(raw, cp);
      if (foreignDiacritic(cp)) mark = true;
    }
    if (mark) accented++;
    const bits = tableGet(raw == 0 ? 1 : raw);
    const named = tokens <= 32 && ((names >>> (<u32>tokens - 1)) & 1) != 0;
    // The phrase or word must open the answer (one token may precede it: "honestly, no idea, ..."): "The
    // error messages - no idea what I've done wrong" answers first.
    const before = max(phraseEnd, noinfoWordAt);
    const opens = before == phraseEnd ? phraseStart : noinfoWordAt;
    const gap = tokens - 2 - before;
    if (before >= 0 && opens <= 1 && (bits & LIST_EXPLAIN) != 0 && (gap == 0 || (gap == 1 && prevStop))) {
      explained = true;
      explainAt = before;
    }
    prevStop = (bits & LIST_STOPWORDS) != 0;
    if (bits & LIST_HEDGE) hedged = true;
    // One-letter tokens ("s" of "it's", "j" of "j'ai") are too ambiguous to count as a language.
    // A word that makes up a list item by itself ("xiaomi, poco, samsung") is a name, not a function word;
    // neither is one joined to a word by a hyphen ("non-profit", "check-in"): it is part of a compound.
    // Nor does a part of a domain name ("google.com"): a token joined by a dot to a letter.
    if ((bits & LIST_STOPWORDS) != 0 && te - ts > 1 && !standsAlone(cps, a, b, ts, te) && !hyphenated(cps, a, b, ts, te) && !dotted(cps, a, b, ts, te)) {
      for (let l = 0; l < LANGUAGES; l++) if (bits & languageBit(l)) unchecked((hits[l] += 1));
      // Two-letter particles ("la", "de", "il") start too many names to place an answer on their own,
      // and English words are the usual source of names in answers in any language ("Under Armour",
      // "The North Face"): an English answer needs two function words (the rule below). Nor does a
      // function word inside a written name ("Los Angeles", "Rio de Janeiro") place it, unless German
      // could have written it so: German capitalises its nouns, so "Der Preis" is a phrase, not a name.
      const inName = named && (bits & LIST_SW_DE) == 0;
      if (te - ts >= 3 && !inName && (bits & allowedMask) == 0 && (bits & LIST_STOPWORDS & ~LIST_SW_EN) != 0) foreign++;
    }
    const tlen = te - ts;
    // A two-letter function word of a language the question does not allow, written as an acronym
    // ("AI", "EU": nameTokens marks them; its name words have three letters or more), is a word of the
    // answer's own. A function word inside a name stays one: word salad of capitalised German nouns
    // ("Ihres Min dem") would otherwise gain a word.
    const ownWord = named && tlen == 2 && (bits & NON_SPECIFIC & ~LIST_STOPWORDS) == 0 && (bits & allowedMask) == 0;
    const listed = (bits & NON_SPECIFIC) != 0 && !ownWord;
    let key: u64 = 0;
    if (!listed && tlen >= 2) {
      key = wordKey(cps, ts, te);
      if (echoCount == 0 || !isEcho(key)) specific++;
    }
    if (bits & LIST_SELF) self = true;
    if (!noinfoPhrase || !marker || !eventTime) {
      // Phrases of one to four tokens ending here: spans[j & 3] holds the hash of the tokens from
      // token j up to the previous one, joined by one space (how phrases are stored), extended here.
      const last = tokens - 1;
      for (let k = 2; k <= 4 && k <= tokens; k++) {
        const slot = (last - k + 1) & 3;
        let h = hashAdd(unchecked(spans[slot]), 0x20);
        for (let c = ts; c < te; c++) h = hashAdd(h, cpAt(cps, c));
        unchecked((spans[slot] = h));
        const pb = tableGet(h == 0 ? 1 : h);
        if (pb & LIST_NOINFO_PHRASE) {
          noinfoPhrase = true;
          phraseStart = phraseEnd == last ? min(phraseStart, last - k + 1) : last - k + 1;
          phraseEnd = last;
        }
        if (pb & LIST_OFFTOPIC) marker = true;
        if (pb & LIST_EVENT_TIME) eventTime = true;
      }
      unchecked((spans[last & 3] = raw));
      if (bits & LIST_NOINFO_PHRASE) {
        noinfoPhrase = true;
        phraseStart = phraseEnd == last ? min(phraseStart, last) : last;
        phraseEnd = last;
      }
      if (bits & LIST_OFFTOPIC) marker = true;
      if (bits & LIST_EVENT_TIME) eventTime = true;
    }
    // A listed non-answer word inside a short answer ("mir fällt grad nix ein"), unless an evaluation
    // makes it a generic one ("nix besonderes").
    if (tlen >= 3 && (bits & LIST_NOINFO) != 0) { noinfoWord = true; noinfoWordAt = tokens - 1; }
    if (bits & LIST_GENERIC) { genericWord = true; genericAt = tokens - 1; }
    if (tlen >= 3) {
      longTokens++;
      if (isGarbage(cps, ts, te, bits)) garbage++;
      if (!listed) {
        const at = content + (<usize>lastContent * CONTENT_BYTES);
        store<u64>(at, key);
        store<i32>(at + 8, ts - a);
        store<i32>(at + 12, te - a);
        lastContent++;
      }
    }
  }
  lastTokens = tokens;
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
    if (tokens >= 2 && allowedMask != 0) {
      // Flag when the most stop-word hits (at least 2) belong only to languages the question does not
      // allow; a tie between two languages that are both not allowed is still not allowed. In short
      // answers one function word can be all there is ("Non ricordo", "prezzi più bassi"): one of three
      // or more letters, not English, is enough when no word of an allowed language's list is there.
      let best = 0;
      for (let l = 0; l < LANGUAGES; l++) best = max(best, unchecked(hits[l]));
      let topAllowed = false;
      for (let l = 0; l < LANGUAGES; l++) if (unchecked(hits[l]) == best && (languageBit(l) & allowedMask) != 0) topAllowed = true;
      let allowedHits = 0;
      for (let l = 0; l < LANGUAGES; l++) if ((languageBit(l) & allowedMask) != 0) allowedHits += unchecked(hits[l]);
      if ((tokens >= 3 && best >= 2 && !topAllowed) || (foreign >= 1 && allowedHits == 0)) flags |= 1 << 11;
      // Where only English and German are allowed, two words with another language's diacritics and a
      // function word of a language not allowed, with none of an allowed one, place the answer
      // ("parfois problèmes de crédibilité": "de" alone is too short to count as foreign above).
      let otherHits = 0;
      for (let l = 0; l < LANGUAGES; l++) if ((languageBit(l) & allowedMask) == 0) otherHits += unchecked(hits[l]);
      if ((allowedMask & ~(LIST_SW_DE | LIST_SW_EN)) == 0 && tokens >= 3 && accented >= 2 && otherHits >= 1 && allowedHits == 0) flags |= 1 << 11;
      // Three or more words and not one function word of an allowed language: the language is open.
      if (tokens >= 3 && allowedHits == 0 && (flags & (1 << 11)) == 0) flags |= UNSURE;
    }
  }
  if (len >= UNSURE_LENGTH && (flags & (1 << 13)) == 0) flags |= UNSURE;
  // A bare link, the whole answer one run without spaces from "http" or "www", is a reference the
  // respondent gives, not an advertisement: spam sells with words ("click here", "bestellen Sie unter").
  if (marker && !(bareLink(cps, a, b))) flags |= OFFTOPIC;
  if (self && eventTime) flags |= PERSONAL_EVENT;
  // core(t) for the list rules.
  let ca = a;
  let cb = b;
  while (ca < cb && isCoreTrim(cpAt(cps, ca))) ca++;
  while (cb > ca && isCoreTrim(cpAt(cps, cb - 1))) cb--;
  const coreBits = tableGet(hashRange(cps, ca, cb));
  // 5 No Information: a listed answer, punctuation only, or a no-information phrase with nothing else of
  // content, unless a generic answer follows the phrase in a short answer ("schwer zu sagen, eigentlich
  // alles": the respondent hedged, then answered, if without content: Generic below).
  const hedgeThenGeneric = genericAt > phraseEnd && tokens <= GENERIC_MAX_TOKENS;
  if ((coreBits & LIST_NOINFO) || punctOnly || (((noinfoPhrase && !hedgeThenGeneric) || (noinfoWord && !genericWord)) && specific == 0 && tokens <= NOINFO_MAX_TOKENS)) flags |= 1 << 5;
  // A non-answer that explains itself: the phrase opens the answer and a short explanation about the
  // respondent follows it, no hedge ("unsure as we use a group site", "I don't know, I'm just a Masters
  // student").
  if (explained && !hedged && tokens - 1 - explainAt <= EXPLAIN_MAX_TOKENS) flags |= 1 << 5;
  // 4 Generic: a listed answer, or a short answer without a word of its own (only generic words,
  // intensifiers, fillers, function words or the question's own words).
  if ((coreBits & LIST_GENERIC) || (tokens >= 1 && tokens <= GENERIC_MAX_TOKENS && specific == 0 && letters > 0)) flags |= 1 << 4;
  return flags;
}
