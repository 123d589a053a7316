// Chatbot style (Fake Answer, 13) without the tell-tale phrases: a long English answer that uses a word
// language models favour ("additionally", "ensure", "foster", "robust", "crucial", ...) and lists in
// threes ("X, Y, and Z") at least twice, or two such words and one such list. Measured on the tuned
// parts: 8 of 13 chatbot-written answers (7 before the second form), none of 38 long human ones; on 702
// long answers of the R community surveys of 2018 and 2019 (written before chatbots were public, so by
// people): none, in either form. Why this form and not more: scoring/README.md.

/** Words language models favour, as widely reported; a word the question itself uses does not count. */
const MODEL_WORDS = new Set(
  (
    'additionally furthermore moreover ensure ensuring ensures enhance enhancing enhances foster fostering fosters ' +
    'robust crucial vital leverage leveraging seamless seamlessly comprehensive essential streamline streamlining ' +
    'empower empowering facilitate facilitating holistic paramount pivotal delve tapestry realm landscape ' +
    'multifaceted underscore underscores stakeholders mitigate mitigating navigate'
  ).split(' '),
);
// "a, b and c", "x, y, or z": up to four words per item.
const TRIPLE = /[\p{L}\p{N}-]+(?: [\p{L}\p{N}-]+){0,3}, (?:[\p{L}\p{N}-]+ ){0,3}?[\p{L}\p{N}-]+,? (?:and|or) /gu;
const WORD = /\p{L}+/gu;

// Either kind of evidence may be the stronger: one such word and two lists in threes, or (scoring
// version 18) two such words and one list.
export const STYLE = { minWords: 40, minModelWords: 1, minTriples: 2, manyModelWords: 2, fewTriples: 1 } as const;
// Forty words take more characters than this: shorter texts are passed over without a look.
const MIN_CHARS = 160;

/** The words of a question's text (normalised), which an answer may repeat without it counting. */
export function questionWords(normalisedQuestion: string): Set<string> {
  return new Set(normalisedQuestion.match(WORD) ?? []);
}

/** Whether a normalised (lower-cased) answer reads like a chatbot's: see the head of this file. */
export function chatbotStyle(text: string, asked: ReadonlySet<string>): boolean {
  if (text.length < MIN_CHARS) return false;
  const words = text.match(WORD) ?? [];
  if (words.length < STYLE.minWords) return false;
  let model = 0;
  const seen = new Set<string>();
  for (const w of words) {
    if (!MODEL_WORDS.has(w) || asked.has(w) || seen.has(w)) continue;
    seen.add(w);
    model++;
  }
  if (model < STYLE.minModelWords) return false;
  const triples = text.match(TRIPLE)?.length ?? 0;
  return triples >= STYLE.minTriples || (model >= STYLE.manyModelWords && triples >= STYLE.fewTriples);
}

/**
 * Sets Fake Answer (13) where a question's answer reads like a chatbot's and the kernels called it
 * Valid (1) or Copy Paste (12); every other category says more. `texts`: the question's distinct
 * normalised texts; `textOf`: each row's text.
 */
export function markChatbotStyle(
  texts: readonly string[],
  textOf: Int32Array,
  asked: ReadonlySet<string>,
  categories: Int32Array,
): void {
  const style = new Int8Array(texts.length).fill(-1);
  for (let r = 0; r < categories.length; r++) {
    if (categories[r] !== 1 && categories[r] !== 12) continue;
    const t = textOf[r]!;
    if (style[t] === -1) style[t] = chatbotStyle(texts[t]!, asked) ? 1 : 0;
    if (style[t] === 1) categories[r] = 13;
  }
}
