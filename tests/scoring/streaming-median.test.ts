// StreamingMedian, the chunked path's Time-Score median (pipeline-chunked.test.ts checks the whole
// chunked pipeline): the same median as the kernel's, whatever the chunks and the collect limit.
import { describe, expect, it } from 'vitest';
import { StreamingMedian } from '../../scoring/streaming-median.ts';
import { scoring } from '../support/scoring.ts';
import { rng } from './survey-generator.ts';

describe('StreamingMedian', () => {
  /** The kernel's median of one column (scoreAll's). */
  const kernelMedian = (col: Float64Array, minRecords = 30) => scoring.timeScores([col], { minRecords }).medians[0]!;
  const streamed = (col: Float64Array, sizes: number[], limit?: number, minRecords = 30) => {
    const m = new StreamingMedian(minRecords, limit);
    let passes = 0;
    do {
      passes++;
      let at = 0;
      for (let c = 0; at < col.length; c++) {
        const len = sizes[c % sizes.length]!;
        m.add(col.subarray(at, at + len));
        at += len;
      }
      m.endPass();
    } while (!m.done);
    return { value: m.value, passes };
  };

  it('equals the kernel median, whatever the chunks and the collect limit', () => {
    const r = rng(3);
    const cases: [string, Float64Array][] = [
      ['continuous', Float64Array.from({ length: 20001 }, () => 100 * Math.exp(r()))],
      ['even count', Float64Array.from({ length: 20000 }, () => 100 * Math.exp(r()))],
      ['whole seconds', Float64Array.from({ length: 30000 }, () => Math.round(200 + 50 * r()))],
      ['one value', new Float64Array(5000).fill(321.5)],
      ['two values', Float64Array.from({ length: 5000 }, (_, i) => (i % 2 ? 7 : 7.000000000000001))],
      ['middle across buckets', Float64Array.from({ length: 4000 }, (_, i) => (i % 2 ? 1 : 1e6 + i))],
      [
        'defects',
        Float64Array.from(
          { length: 9999 },
          (_, i) => [Number.NaN, -999, 0, -0, -3, Infinity, 5e-324, 1e308, 17 + r()][i % 9]!,
        ),
      ],
      ['too few', Float64Array.from({ length: 1000 }, (_, i) => (i < 29 ? 10 : Number.NaN))],
      ['none', new Float64Array(100).fill(-999)],
    ];
    for (const [what, col] of cases) {
      const expected = kernelMedian(col);
      for (const limit of [undefined, 1, 100]) {
        for (const sizes of [[col.length], [1, 7, 1000], [65536]]) {
          const { value, passes } = streamed(col, sizes, limit);
          expect(Object.is(value, expected), `${what} limit ${limit} chunks ${sizes}: ${value} vs ${expected}`).toBe(
            true,
          );
          expect(passes).toBeLessThanOrEqual(5);
        }
      }
    }
    // The default limit: one pass to count, one to collect or take min and max.
    expect(streamed(cases[0]![1], [1000]).passes).toBe(2);
    expect(streamed(cases[5]![1], [1000]).passes).toBe(2);
    expect(streamed(cases[3]![1], [1000], 1).passes).toBe(4);
    expect(Object.is(streamed(cases[7]![1], [100], undefined, 29).value, kernelMedian(cases[7]![1], 29))).toBe(true);
  });
});
