// A grid whose missing answers were filled in with averages (3.31 on a 1-5 scale), mapped by hand:
// the check refuses it as the suggestions leave it out, saying where and what to upload instead,
// rather than scoring the averages as answers or rounding them into invented ones.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { describeIssue, previewUpload, validateUpload } from '../../../api/ingest/index';
import { diskBlobStore } from '../../support/disk-blob-store';

const blobs = diskBlobStore();
afterAll(() => blobs.dispose());

describe('a grid of averages mapped by hand', () => {
  it('is refused once per grid with the first average and its rows, in both languages', async () => {
    const lines = ['id,a1,a2,a3,a4,a5,b1,b2,b3,b4,b5'];
    for (let i = 1; i <= 40; i++) {
      const a = [1, 2, 3, 4, 5].map((k) => (i === 7 && k === 3 ? '3.31' : String(1 + ((i + k) % 5))));
      lines.push(`${i},${a.join(',')},${[1, 2, 3, 4, 5].map((k) => 1 + ((i * k) % 5)).join(',')}`);
    }
    await blobs.put('uploads/avg.csv', new TextEncoder().encode(lines.join('\n')));
    const grid = (id: string) => ({
      type: 'ITEM_BATTERY' as const,
      id,
      items: [1, 2, 3, 4, 5].map((k) => `${id}${k}`),
      min: 1,
      max: 5,
    });
    const mapping = { dataPoints: [{ type: 'RECORD_ID' as const, column: 'id' }, grid('a'), grid('b')] };
    const issues = await validateUpload(blobs, 'uploads/avg.csv', 'csv', {}, mapping);
    expect(issues).toEqual([
      { code: 'ITEMS_NOT_NUMERIC', reason: 'GRID_ANSWERS_NOT_WHOLE', column: 'a3', rows: [8], value: '3.31' },
    ]);
    expect(describeIssue(issues[0]!, 'en')).toMatch(/“a3”.*\(3\.31; rows 8\).*before any imputation/);
    expect(describeIssue(issues[0]!, 'de')).toMatch(/„a3“.*\(3\.31; Zeilen 8\).*vor jeder Imputation/);
  });

  it('refuses the NEO-PI-R file of qgraph (imputed means) mapped as its first grid', async () => {
    const bytes = readFileSync(new URL('../../fixtures/real-files/qgraph_neopir_big5_first300.sav', import.meta.url));
    await blobs.put('uploads/neo.sav', new Uint8Array(bytes));
    const p = await previewUpload(blobs, 'uploads/neo.sav', 'sav', {});
    const items = p.columns.slice(0, 12).map((c) => c.column);
    const issues = await validateUpload(
      blobs,
      'uploads/neo.sav',
      'sav',
      {},
      {
        dataPoints: [
          { type: 'RECORD_ID', column: '', rowNumber: true },
          { type: 'ITEM_BATTERY', id: 'N', items },
        ],
      },
    );
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'ITEMS_NOT_NUMERIC', reason: 'GRID_ANSWERS_NOT_WHOLE' });
    expect(String(issues[0]!.value)).toMatch(/^\d\.\d+$/);
  });
});
