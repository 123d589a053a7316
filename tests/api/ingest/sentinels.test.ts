// Missing-value codes step 2 suggests: -99, -9, 99, 999 ... where they are frequent in a column and
// stand apart from its other values; a code inside the values' range is an answer, not a code.
import { afterAll, describe, expect, it } from 'vitest';
import { previewUpload } from '../../../api/ingest/index';
import { suggestSentinels } from '../../../api/ingest/preview/sentinels';
import { diskBlobStore } from '../../support/disk-blob-store';

const blobs = diskBlobStore();
afterAll(() => blobs.dispose());

const column = (values: number[]) => values.map((v) => [v]);

describe('suggestSentinels', () => {
  it('finds 99 over a 1-5 scale and -9 under it, but not 99 among ages nor a code seen once', () => {
    const scale = Array.from({ length: 60 }, (_, i) => 1 + (i % 5));
    expect(suggestSentinels(['q'], column([...scale, 99, 99, 99]))).toEqual([{ code: '99', columns: ['q'], count: 3 }]);
    expect(suggestSentinels(['q'], column([...scale, -9, -9]))).toEqual([{ code: '-9', columns: ['q'], count: 2 }]);
    const ages = Array.from({ length: 60 }, (_, i) => 18 + i);
    expect(suggestSentinels(['age'], column([...ages, 99, 99]))).toEqual([]);
    expect(suggestSentinels(['q'], column([...scale, 99]))).toEqual([]);
    // -1 under a scale from 1 is a code (Ipsos' refused); on a scale with 0 it is an answer.
    expect(suggestSentinels(['q'], column([...scale, -1, -1]))).toEqual([{ code: '-1', columns: ['q'], count: 2 }]);
    expect(suggestSentinels(['q'], column([...scale, 0, 0, -1, -1]))).toEqual([]);
    // Fewer than five other numbers: nothing to stand apart from.
    expect(suggestSentinels(['q'], column([1, 2, -99, -99]))).toEqual([]);
  });
});

describe('previewUpload', () => {
  it('suggests the code the file uses, and a grid on its real scale whatever the code', async () => {
    // Answers repeat within a row (1 + (i + j²) mod 5): a rating grid, not a ranking.
    const names = ['id', 'q1', 'q2', 'q3', 'q4', 'q5'];
    const lines = [names.join(',')];
    for (let i = 1; i <= 50; i++)
      lines.push([i, ...[1, 2, 3, 4, 5].map((j) => (i % 10 === j ? -99 : 1 + ((i + j * j) % 5)))].join(','));
    await blobs.put('uploads/codes.csv', new TextEncoder().encode(lines.join('\n')));
    const p = await previewUpload(blobs, 'uploads/codes.csv', 'csv', {});
    expect(p.missingValueSuggestions).toEqual([{ code: '-99', columns: ['q1', 'q2', 'q3', 'q4', 'q5'], count: 25 }]);
    expect(p.suggestedMapping.find((d) => d.type === 'ITEM_BATTERY')).toMatchObject({ min: 1, max: 5 });
    // Once step 1 has the code, it is no longer suggested.
    const set = await previewUpload(blobs, 'uploads/codes.csv', 'csv', { missingValues: ['-99'] });
    expect(set.missingValueSuggestions).toEqual([]);
  });
});
