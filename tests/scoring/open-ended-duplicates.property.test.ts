// Duplicate rules of the open-ended classifier (5.4, categories 8 and 9) against a brute-force oracle:
// every pair of answers compared by the Jaccard similarity of their 3-gram sets, clusters as the
// connected components of "J >= 0.9". The classifier finds candidate pairs by signatures and reads
// each distinct text once (scoring/assembly/text-clusters.ts); whatever shortcut it takes, its
// clusters must be exactly these. Answers are families of one sentence with typos, so many pairs sit
// right at the threshold, plus exact copies and texts whose sizes differ by one gram.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OpenQuestion } from '../../scoring/index.ts';
import { normaliseAnswer } from '../../scoring/text.ts';
import { scoring } from '../support/scoring.ts';

const params = { seed: 20261122, numRuns: 40 };

const rotl = (x: number, r: number) => ((x << r) | (x >>> (32 - r))) >>> 0;

/** gramHash of scoring/assembly/text-dupes.ts. */
function gramHash(a: number, b: number, c: number): number {
  let h = Math.imul(a, 0x9e3779b1) >>> 0;
  h = (h ^ rotl(Math.imul(b, 0x85ebca77) >>> 0, 11)) >>> 0;
  h = (h ^ rotl(Math.imul(c, 0xc2b2ae3d) >>> 0, 22)) >>> 0;
  h = (h ^ (h >>> 15)) >>> 0;
  h = Math.imul(h, 0x2c1b3c6d) >>> 0;
  return (h ^ (h >>> 12)) >>> 0;
}

function gramSet(text: string): Set<number> {
  const cps = [...text].map((c) => c.codePointAt(0)!);
  const set = new Set<number>();
  if (cps.length === 0) return set;
  if (cps.length < 3) set.add(gramHash(cps[0]!, cps[1] ?? 0, 0));
  for (let i = 0; i + 3 <= cps.length; i++) set.add(gramHash(cps[i]!, cps[i + 1]!, cps[i + 2]!));
  return set;
}

function jaccardAtLeast(a: Set<number>, b: Set<number>): boolean {
  let common = 0;
  for (const g of a) if (b.has(g)) common++;
  return common / (a.size + b.size - common) >= 0.9;
}

const tokens = (t: string) => t.match(/\p{L}+/gu)?.length ?? 0;

/** Clusters of rule 8 by brute force: the earliest row of each component of two or more, else -1. */
function oracleClusters(answers: readonly (string | null)[]): Int32Array {
  const texts = answers.map((a) => normaliseAnswer(a));
  const eligible = texts.map((t) => [...t].length >= 20 && tokens(t) >= 4);
  const sets = texts.map(gramSet);
  const parent = texts.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < texts.length; i++) {
    if (!eligible[i]) continue;
    for (let j = i + 1; j < texts.length; j++) {
      if (eligible[j] && jaccardAtLeast(sets[i]!, sets[j]!)) parent[find(j)] = find(i);
    }
  }
  const members = new Map<number, number[]>();
  texts.forEach((_, i) => {
    if (eligible[i]) members.set(find(i), [...(members.get(find(i)) ?? []), i]);
  });
  const out = new Int32Array(texts.length).fill(-1);
  for (const rows of members.values()) if (rows.length > 1) for (const r of rows) out[r] = rows[0]!;
  return out;
}

// Words no list of the classifier holds (so no answer is Generic or No Information).
const WORDS = [
  'brauxlo',
  'kimbertal',
  'sonderwiek',
  'plauschig',
  'trumvolk',
  'zeppoline',
  'glimmerau',
  'quastrik',
  'falunder',
  'morbisch',
  'tekkelwerk',
  'dromblau',
  'vistrunke',
  'halbmöwe',
  'üderkrall',
  'spräckling',
];
const LETTERS = 'abcdefghijklmnopqrstuvwxyzäöüß ';

const sentence = fc.array(fc.constantFrom(...WORDS), { minLength: 4, maxLength: 14 }).map((w) => w.join(' '));

/** A change of one character: dropped, doubled, replaced, or a letter added at the end. */
const edit = fc.tuple(fc.nat(), fc.constantFrom(...LETTERS), fc.integer({ min: 0, max: 3 }));
function applyEdit(text: string, [at, letter, kind]: [number, string, number]): string {
  const i = at % text.length;
  if (kind === 0) return text.slice(0, i) + text.slice(i + 1);
  if (kind === 1) return text.slice(0, i) + text[i] + text.slice(i);
  if (kind === 2) return text.slice(0, i) + letter + text.slice(i + 1);
  return text + letter;
}

/** Answers: a few sentences, each copied and edited 0-6 times, shuffled, with a few empty answers. */
const survey = fc
  .tuple(
    fc.array(sentence, { minLength: 1, maxLength: 5 }),
    fc.array(fc.tuple(fc.nat(), fc.array(edit, { maxLength: 6 }), fc.boolean()), { minLength: 20, maxLength: 220 }),
  )
  .map(([bases, variants]) =>
    variants.map(([b, edits, capital]) => {
      if (b % 17 === 0) return null;
      const text = edits.reduce(applyEdit, bases[b % bases.length]!);
      return capital ? text.toUpperCase() : text;
    }),
  );

const question = (answers: (string | null)[], extra: Partial<OpenQuestion> = {}): OpenQuestion => ({
  text: 'Was fällt Ihnen ein?',
  allowedLanguages: ['de'],
  topicCheck: false,
  answers,
  ...extra,
});

describe('duplicate respondents (8): exactly the components of J >= 0.9', () => {
  it('gives every answer the cluster of the brute-force oracle and 8 to every member but the earliest', () => {
    fc.assert(
      fc.property(survey, (answers) => {
        const result = scoring.classifyOpenEnded([question(answers)]);
        const expected = oracleClusters(answers);
        expect(Array.from(result.clusters[0]!)).toEqual(Array.from(expected));
        expected.forEach((c, i) => {
          if (c >= 0 && c !== i) expect(result.categories[0]![i], `row ${i}`).toBe(8);
          if (c === i || c < 0) expect(result.categories[0]![i], `row ${i}`).not.toBe(8);
        });
      }),
      params,
    );
  });

  it('finds the same clusters when the answers arrive in another order', () => {
    fc.assert(
      fc.property(survey, fc.nat(), (answers, seed) => {
        const order = answers
          .map((_, i) => i)
          .sort((a, b) => (((a * 2654435761 + seed) >>> 0) % 997) - (((b * 2654435761 + seed) >>> 0) % 997) || a - b);
        const shuffled = order.map((i) => answers[i]!);
        const a = scoring.classifyOpenEnded([question(answers)]).clusters[0]!;
        const b = scoring.classifyOpenEnded([question(shuffled)]).clusters[0]!;
        // Same partition: rows i, j share a cluster in one run exactly when they do in the other.
        const key = (clusters: Int32Array, row: number) => (clusters[row]! < 0 ? -1 - row : clusters[row]!);
        for (let x = 0; x < order.length; x++) {
          for (let y = x + 1; y < order.length; y++) {
            expect(key(b, x) === key(b, y)).toBe(key(a, order[x]!) === key(a, order[y]!));
          }
        }
      }),
      { ...params, numRuns: 15 },
    );
  });
});

describe('duplicate answers (9): the same respondent repeating an earlier answer', () => {
  it('flags exactly the later answers whose 3-gram sets are near-identical to the earlier one', () => {
    fc.assert(
      fc.property(survey, fc.array(edit, { maxLength: 4 }), (answers, edits) => {
        const later = answers.map((a, i) => (a === null || i % 3 === 0 ? a : edits.reduce(applyEdit, a)));
        const result = scoring.classifyOpenEnded([
          question(answers, { duplicateDetection: false }),
          question(later, { duplicateDetection: false }),
        ]);
        later.forEach((b, i) => {
          const ta = normaliseAnswer(answers[i]);
          const tb = normaliseAnswer(b);
          const expected =
            ta.length > 0 && [...tb].length >= 10 && tokens(tb) >= 2 && jaccardAtLeast(gramSet(ta), gramSet(tb));
          expect(result.categories[1]![i] === 9, `row ${i}: ${JSON.stringify(answers[i])} / ${JSON.stringify(b)}`).toBe(
            expected,
          );
        });
      }),
      params,
    );
  });
});
