// "AI suspect" (category 14) and the effort scale of open answers, the last step of the open-ended
// classification (text-session.ts `finish`). Both read each distinct normalised text once; the
// paraphrase pass is one bounded MinHash/LSH sweep over a question's long answers. Why these rules
// and figures: scoring/README.md, "AI suspect and effort".
/** Category code of an answer whose production is implausible for a person. */
export const AI_SUSPECT = 14;

/** Why an answer is AI suspect (bits; several may hold). */
export const AI_REASONS = {
  /** Long, polished text that was pasted or appeared without key presses. */
  untyped: 1,
  /** Typed faster than people type. */
  tooFast: 2,
  /** One of three answers to the same question, from three respondents, each a near-paraphrase of the others. */
  paraphrase: 4,
} as const;

/** Effort per answer: 0 not scored, 1 low, 2 medium, 3 high. */
export const EFFORT_NAMES: Readonly<Record<number, string>> = { 1: 'low', 2: 'medium', 3: 'high' };

export const AI_THRESHOLDS = {
  /** "Long, polished": at least this many characters and words, ending like a sentence. */
  minLength: 80,
  minWords: 12,
  /** Share of the answer pasted or appeared without keys. */
  untypedShare: 0.5,
  /**
   * Characters per second of typing time (the sum of the intervals between keys). Dhakal et al.
   * (CHI 2018, 168,000 typists) measured a mean of 52 words per minute (about 4.3 characters per
   * second) and few above 120 (10 per second); 15 is 180 words per minute, beyond all but record typists.
   */
  maxCharsPerSecond: 15,
  /** Typed characters needed before the speed counts (short answers are typed in one burst). */
  minTypedChars: 50,
  /** Paraphrase pass: answers with at least this many distinct content words take part ... */
  minContentWords: 8,
  /** ... linked when the Jaccard index of their content-word sets reaches this ... */
  similarity: 0.5,
  /** ... unless more than this share of the question's long answers (from this many on) is in groups. */
  formulaicShare: 0.25,
  formulaicFrom: 10,
} as const;

// Categories an AI suspect verdict may replace: a valid answer, or a paste the rules already saw.
// Every other category says more about the answer (a duplicate, a chatbot formula, nonsense).
const REPLACEABLE = new Set([1, 12]);
// Categories whose answers say nothing of their own: low effort whatever their length.
const EMPTY_CATEGORIES = new Set([4, 5, 7]);

/** What the rules read of one distinct normalised text. */
interface TextFeatures {
  length: Int32Array;
  words: Int32Array;
  polished: Uint8Array;
  effort: Int8Array;
  /** Sorted distinct content-word hashes of text t: keys[start[t] .. start[t + 1]). */
  keys: Uint32Array;
  start: Int32Array;
}

const fnv = (s: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
};

/**
 * What pass A of the kernel already read of each distinct text (scoring/assembly/text-block.ts): its
 * length in code points, its tokens, and its content tokens (3+ letters, in no word list: no stop
 * word, filler, generic word or intensifier of any language), four i32 each: the topic key (a u64:
 * folded, one ending stripped, first five letters, so "products" and "product" meet), start, end.
 */
export interface KernelTexts {
  /** Code point offsets: text t is [offs[t], offs[t + 1]). */
  offs: Int32Array;
  tokens: Int32Array;
  content: Int32Array;
  cStart: Int32Array;
}

const SENTENCE_END = /[.!?]$/;
const INNER_PUNCTUATION = /[,;:]|[.!?]\s/;
const DIGIT = /\d/;

/** Features of each distinct normalised text (see normaliseAnswer: lower case, spaces collapsed). */
export function textFeatures(texts: readonly string[], k: KernelTexts): TextFeatures {
  const d = texts.length;
  const words = k.tokens;
  const length = new Int32Array(d);
  for (let t = 0; t < d; t++) length[t] = k.offs[t + 1]! - k.offs[t]!;
  const polished = new Uint8Array(d);
  const effort = new Int8Array(d);
  const start = new Int32Array(d + 1);
  const all = new Uint32Array(Math.max(16, k.cStart[d]!));
  let used = 0;
  for (let t = 0; t < d; t++) {
    start[t] = used;
    const text = texts[t]!;
    if (text.length === 0) continue;
    const c0 = k.cStart[t]!;
    const c1 = k.cStart[t + 1]!;
    let long = 0;
    // The text's content keys, sorted and deduplicated in place (a u64 key folded to 32 bits).
    for (let e = c0; e < c1; e++) {
      all[used + e - c0] = (k.content[4 * e]! ^ Math.imul(k.content[4 * e + 1]!, 0x9e3779b1)) >>> 0;
      if (k.content[4 * e + 3]! - k.content[4 * e + 2]! >= 9) long++;
    }
    // Insertion sort, then drop repeats: a text has a handful of content words, where a typed
    // array's sort costs more in the call than in the sorting.
    const n = c1 - c0;
    if (n > 32) all.subarray(used, used + n).sort();
    else
      for (let i = used + 1; i < used + n; i++) {
        const x = all[i]!;
        let j = i - 1;
        while (j >= used && all[j]! > x) {
          all[j + 1] = all[j]!;
          j--;
        }
        all[j + 1] = x;
      }
    let c = 0;
    for (let i = used; i < used + n; i++) if (c === 0 || all[i] !== all[used + c - 1]) all[used + c++] = all[i]!;
    used += c;
    // Lexical variety: distinct content words per content word (a list of the same word twice is
    // not more said). Specific: a number, or a long word (names of things, technical terms).
    const variety = c1 > c0 ? c / (c1 - c0) : 0;
    const specific = long > 0 || DIGIT.test(text);
    effort[t] = c <= 2 ? 1 : c >= 8 && variety >= 0.5 && (specific || c >= 12) ? 3 : 2;
    // Sentence-like: ends in a full stop, question or exclamation mark, and has a comma, a colon or a
    // second sentence inside. Capitals are lost to normalisation, so punctuation stands for polish.
    // Only long answers are asked.
    if (length[t]! >= AI_THRESHOLDS.minLength)
      polished[t] = SENTENCE_END.test(text) && INNER_PUNCTUATION.test(text) ? 1 : 0;
  }
  start[d] = used;
  return { length, words, polished, effort, keys: all.slice(0, used), start };
}

/** Per-answer measures the live snippet records (docs/live-import.md); NaN or absent = unknown. */
export interface AiParadata {
  pastedChars?: Float64Array;
  unexplainedChars?: Float64Array;
  typingMs?: Float64Array;
}

const known = (v: number | undefined) => v !== undefined && Number.isFinite(v);

/** Jaccard index of two sorted runs of `keys`. */
function jaccard(keys: Uint32Array, a0: number, a1: number, b0: number, b1: number): number {
  let common = 0;
  let i = a0;
  let j = b0;
  while (i < a1 && j < b1) {
    const x = keys[i]!;
    const y = keys[j]!;
    if (x === y) {
      common++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return common / (a1 - a0 + (b1 - b0) - common);
}

const HASHES = 32;
const ROWS = 2;
// Members of an LSH bucket a new text is compared with, and the neighbours it keeps looking for a
// group among: the sweep costs at most texts x (bands x BUCKET_CAP + MAX_NEIGHBOURS^2 / 2)
// comparisons however the answers repeat, and a text stops once it is in a group.
const BUCKET_CAP = 4;
const MAX_NEIGHBOURS = 6;
// Signed 32-bit throughout: the engines keep small integers unboxed (a minimum over signed values is as
// good a MinHash as over unsigned ones).
const SEEDS = Int32Array.from({ length: HASHES }, (_, i) => fnv(`minhash-${i}`) | 0);

/**
 * Distinct texts in a group of three mutual near-paraphrases (content-word Jaccard >= similarity
 * between each two). Candidate pairs come from MinHash signatures (32 hashes in 16 bands of 2: a pair
 * at Jaccard 0.5 shares a band with probability 0.99) and are verified exactly. Mutual, because a
 * model asked again and again says the same points each time, so its answers are all alike; answers
 * that merely share words with two others (formulaic answers of a large sample, each like the next in
 * another part) are not.
 */
export function paraphraseTriangles(f: TextFeatures, eligible: Uint8Array): Uint8Array {
  const d = eligible.length;
  const flagged = new Uint8Array(d);
  const buckets = new Map<number, number[]>();
  const sig = new Int32Array(HASHES);
  const found = new Int32Array(MAX_NEIGHBOURS);
  for (let t = 0; t < d; t++) {
    if (!eligible[t]) continue;
    signature(f.keys, f.start[t]!, f.start[t + 1]!, sig);
    let nFound = 0;
    let done = false;
    for (let b = 0; b < HASHES / ROWS && !done; b++) {
      let key = Math.imul(b + 1, 0x27d4eb2d);
      for (let r = 0; r < ROWS; r++) key = Math.imul(key ^ sig[b * ROWS + r]!, 0x01000193);
      const members = buckets.get(key);
      if (members === undefined) {
        buckets.set(key, [t]);
        continue;
      }
      for (let m = 0; m < members.length && !done && nFound < MAX_NEIGHBOURS; m++) {
        const u = members[m]!;
        if (found.subarray(0, nFound).includes(u) || !near(f, t, u)) continue;
        for (let j = 0; j < nFound; j++) {
          const v = found[j]!;
          if (near(f, u, v)) {
            flagged[t] = flagged[u] = flagged[v] = 1;
            done = true;
            break;
          }
        }
        found[nFound++] = u;
      }
      if (members.length < BUCKET_CAP) members.push(t);
    }
  }
  return flagged;
}

/** The MinHash signature of the sorted keys [a0, a1) into `sig`. */
function signature(keys: Uint32Array, a0: number, a1: number, sig: Int32Array): void {
  sig.fill(0x7fffffff);
  for (let i = a0; i < a1; i++) {
    const k = keys[i]! | 0;
    for (let h = 0; h < HASHES; h++) {
      let x = Math.imul(k ^ SEEDS[h]!, 0x9e3779b1);
      x = Math.imul(x ^ (x >>> 15), 0x85ebca6b);
      if (x < sig[h]!) sig[h] = x;
    }
  }
}

/** Whether texts t and u are near-paraphrases (content-word Jaccard >= similarity). */
function near(f: TextFeatures, t: number, u: number): boolean {
  const a0 = f.start[t]!;
  const a1 = f.start[t + 1]!;
  const b0 = f.start[u]!;
  const b1 = f.start[u + 1]!;
  // Jaccard >= s needs the smaller set to hold at least s times the larger one's words.
  if (Math.min(a1 - a0, b1 - b0) < AI_THRESHOLDS.similarity * Math.max(a1 - a0, b1 - b0)) return false;
  return jaccard(f.keys, a0, a1, b0, b1) >= AI_THRESHOLDS.similarity;
}

/**
 * Applies the AI suspect rules to one question's final categories (in place: 1 and 12 become 14)
 * and returns each answer's reasons (0 where not AI suspect) and effort (0 where not scored).
 */
export function aiSuspectAndEffort(
  texts: readonly string[],
  kernel: KernelTexts,
  textOf: Int32Array,
  categories: Int32Array,
  paradata: AiParadata,
): { reasons: Uint8Array; effort: Int8Array } {
  const n = categories.length;
  const f = textFeatures(texts, kernel);
  const T = AI_THRESHOLDS;
  const eligible = new Uint8Array(texts.length);
  for (let i = 0; i < n; i++) {
    const t = textOf[i]!;
    if (categories[i] === 0 || f.start[t + 1]! - f.start[t]! < T.minContentWords) continue;
    // Copies (8, 9) are the duplicate rules' business: a copy ring is one text and its copies, not a
    // group of paraphrases, so only answers of their own take part.
    if (REPLACEABLE.has(categories[i]!)) eligible[t] = 1;
  }
  const grouped = paraphraseTriangles(f, eligible);
  // Formulaic questions: when a large share of the long answers fall into groups, the answers are
  // alike by the question's nature (a template, a narrow question), not because a few were written by
  // a model, and the rule says nothing for this question.
  let long = 0;
  let inGroups = 0;
  for (let t = 0; t < texts.length; t++) {
    long += eligible[t]!;
    inGroups += grouped[t]!;
  }
  if (long >= T.formulaicFrom && inGroups > T.formulaicShare * long) grouped.fill(0);
  const reasons = new Uint8Array(n);
  const effort = new Int8Array(n);
  for (let i = 0; i < n; i++) {
    const code = categories[i]!;
    if (code === 0) continue;
    const t = textOf[i]!;
    effort[i] = EMPTY_CATEGORIES.has(code) ? 1 : f.effort[t]!;
    if (!REPLACEABLE.has(code)) continue;
    let r = 0;
    if (grouped[t]) r |= AI_REASONS.paraphrase;
    const pasted = paradata.pastedChars?.[i];
    const unexplained = paradata.unexplainedChars?.[i];
    const untyped = (known(pasted) ? pasted! : 0) + (known(unexplained) ? unexplained! : 0);
    const length = f.length[t]!;
    if (
      (known(pasted) || known(unexplained)) &&
      untyped >= T.untypedShare * length &&
      length >= T.minLength &&
      f.words[t]! >= T.minWords &&
      f.polished[t]
    )
      r |= AI_REASONS.untyped;
    const typingMs = paradata.typingMs?.[i];
    const typed = length - untyped;
    if (
      known(typingMs) &&
      typingMs! > 0 &&
      typed >= T.minTypedChars &&
      typed / (typingMs! / 1000) > T.maxCharsPerSecond
    )
      r |= AI_REASONS.tooFast;
    if (r !== 0) {
      reasons[i] = r;
      categories[i] = AI_SUSPECT;
    }
  }
  return { reasons, effort };
}
