// Differential test of the open-ended classifier: today's verdicts (categories, unsure flags,
// duplicate clusters) on a seeded corpus of about 95,000 answers must equal the verdicts main's
// classifier gave before it classified each distinct text once and found near-duplicates by
// signatures (recorded in tests/fixtures/oes/golden-5923a51.json; see open-ended-golden.ts). The
// corpus covers the labelled set, answers that repeat by Zipf's law, copy rings and near-copies, one
// answer given by everyone, the upload demo survey, start-time ordering with ties and gaps, the
// question options, and corner cases of normalisation and of every rule.
import { describe, expect, it } from 'vitest';
import { scoring } from './helpers.ts';
import { encodeVerdicts, goldenCases, readGolden } from './open-ended-golden.ts';

const golden = readGolden();
const cases = goldenCases();

describe('open-ended classifier: the same verdicts as main (5923a51) on the seeded corpus', () => {
  it('covers every recorded case', () => {
    expect(cases.map((c) => c.name).sort()).toEqual(Object.keys(golden).sort());
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const now = encodeVerdicts(scoring.classifyOpenEnded(c.questions, c.order ? { order: c.order } : {}));
    const before = golden[c.name]!;
    expect(now).toHaveLength(before.length);
    now.forEach((q, qi) => {
      // The differing answers themselves, so a failure says which texts and rules moved.
      const differences: string[] = [];
      for (let i = 0; i < q.categories.length && differences.length < 8; i++) {
        if (q.categories[i] !== before[qi]!.categories[i]) {
          const code = (ch: string) => { const v = parseInt(ch, 36); return `${v % 14}${v >= 14 ? ' unsure' : ''}`; };
          differences.push(`question ${qi + 1} row ${i}: ${code(before[qi]!.categories[i]!)} -> ${code(q.categories[i]!)} ${JSON.stringify(c.questions[qi]!.answers[i])}`);
        }
      }
      expect(differences).toEqual([]);
      expect(q.categories).toBe(before[qi]!.categories);
      expect(q.clusters).toEqual(before[qi]!.clusters);
    });
  });
});
