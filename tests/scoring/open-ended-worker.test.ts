// The classification on the other core (scoring/open-ended-worker.ts): answers sent in chunks to a
// Worker give the verdicts of classifyOpenEnded on all of them at once; errors come back at finish.
import { describe, expect, it } from 'vitest';
import { packAnswers, startOpenEndedWorker, unpackAnswers } from '../../scoring/open-ended-worker.ts';
import { scoring } from '../support/scoring.ts';
import { repeatedAnswersSurvey } from './open-ended-corpus.ts';

describe('startOpenEndedWorker', () => {
  it('packs a chunk of answers into one string and lengths, and unpacks exactly the same answers', () => {
    const answers = [
      'Guter Service',
      null,
      '',
      undefined,
      'emoji 😀 und Umlaute äöü',
      '\u0000nul',
      'a'.repeat(5000),
      null,
    ];
    const packed = packAnswers(answers);
    expect(packed.text).toBe(answers.filter((a) => a != null).join(''));
    expect(Array.from(packed.lengths)).toEqual([13, -1, 0, -1, 24, 4, 5000, -1]);
    expect(unpackAnswers(packed)).toEqual(answers.map((a) => a ?? null));
    expect(unpackAnswers(packAnswers([]))).toEqual([]);
  });

  it('classifies chunks sent to a Worker exactly as one call on the main thread does', async () => {
    const questions = repeatedAnswersSurvey(5000, 51, 'de');
    const order = Float64Array.from({ length: 5000 }, (_, i) => (i * 7919) % 1000);
    const direct = scoring.classifyOpenEnded(questions, { order });
    const worker = startOpenEndedWorker(questions.map(({ answers: _answers, ...config }) => config));
    for (let from = 0; from < 5000; from += 700) worker.add(questions.map((q) => q.answers.slice(from, from + 700)));
    expect(worker.rows).toBe(5000);
    const result = await worker.finish({ order });
    expect(result.version).toBe(direct.version);
    result.categories.forEach((c, q) => {
      expect(Array.from(c)).toEqual(Array.from(direct.categories[q]!));
      expect(Array.from(result.unsure[q]!)).toEqual(Array.from(direct.unsure[q]!));
      expect(Array.from(result.clusters[q]!)).toEqual(Array.from(direct.clusters[q]!));
    });
    expect(() => worker.add(questions.map(() => ['x']))).toThrow(/already finished/);
  });

  it('rejects finish with the error of a bad chunk, and refuses chunks of the wrong shape at once', async () => {
    const worker = startOpenEndedWorker([{ text: 'Frage' }]);
    expect(() => worker.add([['a'], ['b']])).toThrow(/2 answer columns for 1 open questions/);
    worker.add([['a', 'b']], [{ seconds: Float64Array.of(1) }]);
    worker.add([['c']]);
    await expect(worker.finish()).rejects.toThrow(/paradata seconds has 1 values, expected 2/);
  });

  it('stops on terminate: a pending finish rejects', async () => {
    const worker = startOpenEndedWorker([{ text: 'Frage' }]);
    worker.add([['a']]);
    const pending = worker.finish();
    worker.terminate();
    await expect(pending).rejects.toThrow(/terminated/);
  });
});
