// Typed letters (Nonsense, 7) across one respondent's answers: "ds", "dssa", "dss" typed into three
// boxes. One such answer alone may be an abbreviation; two from the same respondent are a pattern. The
// rule reads the answers as written (the kernels see them lower-cased), so it runs beside the session.
import stopEn from './words/stopwords-en.json' with { type: 'json' };
import stopDe from './words/stopwords-de.json' with { type: 'json' };
import genericEn from './words/generic-en.json' with { type: 'json' };
import genericDe from './words/generic-de.json' with { type: 'json' };
import noinfoEn from './words/noinfo-en.json' with { type: 'json' };
import noinfoDe from './words/noinfo-de.json' with { type: 'json' };
import fillers from './words/fillers.json' with { type: 'json' };
import intensifiers from './words/intensifiers.json' with { type: 'json' };
import dictionary from './words/dictionary.json' with { type: 'json' };

// Lower-case letters only, one to four, as written: an abbreviation is written in capitals ("DDI", "AI").
const SHORT_LOWER = /^\s*([a-zäöüß]{1,4})\s*$/u;
const VOWEL = /[aeiouyäöü]/u;
// Two consonants an English or German word can begin with ("st", "pf", "kn"); "ds" begins none.
const ONSETS = new Set(
  'bl br ch cl cr dr dw fl fr gh gl gn gr kl kn kr kw pf ph pl pr ps qu rh sc sh sk sl sm sn sp sq st sw sz th tr ts tw wh wr zw'.split(
    ' ',
  ),
);
const KNOWN = new Set<string>(
  [stopEn, stopDe, genericEn, genericDe, noinfoEn, noinfoDe, fillers, intensifiers, dictionary].flat(),
);

/** Whether an answer as written is letters typed without a word: "ds", "dss", "dssa", "d" (not "DDI", "tea", "ok"). */
export function typedLetters(answer: string | null | undefined): boolean {
  if (!answer || answer.length > 8) return false;
  const word = SHORT_LOWER.exec(answer)?.[1];
  if (word === undefined || KNOWN.has(word)) return false;
  if (!VOWEL.test(word)) return true;
  return word.length >= 2 && !VOWEL.test(word[0]!) && !VOWEL.test(word[1]!) && !ONSETS.has(word.slice(0, 2));
}

/**
 * Sets Nonsense (7) on the typed-letter answers of every respondent who gave two or more of them, where
 * the kernels gave a category scoring 50 or more (Valid, Generic, No Information): `rows[q]` lists the
 * rows whose answer to question q is typed letters.
 */
export function markTypedLetters(rows: readonly number[][], categories: Int32Array[]): void {
  const count = new Map<number, number>();
  for (const list of rows) for (const r of list) count.set(r, (count.get(r) ?? 0) + 1);
  rows.forEach((list, q) => {
    const cats = categories[q]!;
    for (const r of list)
      if ((count.get(r) ?? 0) >= 2 && (cats[r] === 1 || cats[r] === 4 || cats[r] === 5)) cats[r] = 7;
  });
}
