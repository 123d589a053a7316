// Differential test of the open-ended classifier: today's verdicts (categories, unsure flags,
// duplicate clusters) on a seeded corpus of about 95,000 answers, in one call and in chunks, must equal
// the recorded ones (tests/fixtures/oes/golden-v18.json: first recorded before the classifier read
// each distinct text once, re-recorded for the rules of scoring versions 4, 10 and 13; see
// open-ended-golden.ts); the rows scoring version 9 calls AI suspect are also recorded apart
// (golden-v9-ai-suspect.json), and 14 in place of a recorded 1 or 12 is accepted. The
// corpus covers the labelled set, answers that repeat by Zipf's law, copy rings and near-copies, one
// answer given by everyone, the upload demo survey, start-time ordering with ties and gaps, the
// question options, and corner cases of normalisation and of every rule.
import { describe, expect, it } from 'vitest';
import { scoring } from '../support/scoring.ts';
import type { ClassificationResult } from '../../scoring/index.ts';
import { rng } from './open-ended-corpus.ts';
import {
  aiSuspectRows,
  encodeVerdicts,
  goldenCases,
  readGolden,
  readGoldenAi,
  type GoldenCase,
} from './open-ended-golden.ts';

const golden = readGolden();
const goldenAi = readGoldenAi();
// In the recorded encoding (code + 14 when unsure, base 36): what AI suspect (14) may replace, sure and unsure.
const AI_REPLACES: Record<string, readonly string[]> = { e: ['1', 'c'], s: ['f', 'q'] };
const cases = goldenCases();

/** The case's answers added to a session in chunks of random sizes (1 to 3,000 interviews), paradata with them. */
function inChunks(c: GoldenCase, seed: number): ClassificationResult {
  const rand = rng(seed);
  const session = scoring.openEndedSession(
    c.questions.map(({ answers: _answers, paradata: _paradata, ...config }) => config),
  );
  const n = c.questions[0]!.answers.length;
  for (let from = 0; from < n;) {
    const to = Math.min(n, from + 1 + Math.floor(rand() * (rand() < 0.5 ? 20 : 3000)));
    session.add(
      c.questions.map((q) => q.answers.slice(from, to)),
      c.questions.map((q) =>
        q.paradata
          ? { seconds: q.paradata.seconds?.subarray(from, to), pastes: q.paradata.pastes?.subarray(from, to) }
          : undefined,
      ),
    );
    from = to;
  }
  return session.finish(c.order ? { order: c.order } : {});
}

function expectGolden(c: GoldenCase, result: ClassificationResult): void {
  const before = golden[c.name]!;
  expect(aiSuspectRows(result)).toEqual(goldenAi[c.name]);
  // Version 9 only turns valid answers and pastes (1, 12) into AI suspect (14), unsure flag kept.
  const now = encodeVerdicts(result).map((q, qi) => ({
    ...q,
    categories: Array.from(q.categories, (ch, i) => {
      const was = before[qi]!.categories[i]!;
      return AI_REPLACES[ch]?.includes(was) ? was : ch;
    }).join(''),
  }));
  expect(now).toHaveLength(before.length);
  now.forEach((q, qi) => {
    // The differing answers themselves, so a failure says which texts and rules moved.
    const differences: string[] = [];
    for (let i = 0; i < q.categories.length && differences.length < 8; i++) {
      if (q.categories[i] !== before[qi]!.categories[i]) {
        const code = (ch: string) => {
          const v = parseInt(ch, 36);
          // 14 alone is AI suspect (an unscored answer is never unsure), 28 AI suspect and unsure.
          if (v === 14 || v === 28) return `14${v === 28 ? ' unsure' : ''}`;
          return `${v % 14}${v >= 14 ? ' unsure' : ''}`;
        };
        differences.push(
          `question ${qi + 1} row ${i}: ${code(before[qi]!.categories[i]!)} -> ${code(q.categories[i]!)} ${JSON.stringify(c.questions[qi]!.answers[i])}`,
        );
      }
    }
    expect(differences).toEqual([]);
    expect(q.categories).toBe(before[qi]!.categories);
    expect(q.clusters).toEqual(before[qi]!.clusters);
  });
}

describe('open-ended classifier: the recorded verdicts (scoring version 4) on the seeded corpus', () => {
  it('covers every recorded case', () => {
    expect(cases.map((c) => c.name).sort()).toEqual(Object.keys(golden).sort());
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expectGolden(c, scoring.classifyOpenEnded(c.questions, c.order ? { order: c.order } : {}));
  });

  it.each(cases.map((c, i) => [c.name, c, i] as const))('%s, answers added in chunks', (_name, c, i) => {
    expectGolden(c, inChunks(c, 100 + i));
  });
});
