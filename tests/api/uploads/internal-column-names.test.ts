// A column named like one of raw.arrow's own columns (__source_row, each interview's row in the file)
// would be stored as a second field of that name: every reader takes the platform's by name and every
// export leaves both out, so the user's column would vanish without a word. Step 2 refuses such a
// file instead, in the preview and in the check, naming the column and what to change, for CSV and
// xlsx alike.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_ROW_COLUMN } from '../../../api/ingest/columnar/layout';
import { createTestApp, type TestApp } from '../../support/test-app';
import {
  createDraft,
  putFile,
  saveSuggested,
  UPLOAD_QUERIES as Q,
  uploadWorld,
  type UploadWorld,
} from '../../support/upload-world';

let t: TestApp;
let w: UploadWorld;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T09:00:00.000Z' });
  w = await uploadWorld(t);
});
afterAll(() => t.close());

/** 40 interviews: an id, the clashing column (third), five grid items and a duration. */
function rows(): (string | number)[][] {
  const out: (string | number)[][] = [['id', 'q1', SOURCE_ROW_COLUMN, 'q2', 'q3', 'q4', 'q5', 'duration']];
  for (let i = 1; i <= 40; i++)
    out.push([`r${i}`, i % 5, 1000 + i, (i + 1) % 5, (i + 2) % 5, (i * 3) % 5, i % 3, 300 + i]);
  return out;
}

const csv = () =>
  new TextEncoder().encode(
    `${rows()
      .map((r) => r.join(';'))
      .join('\n')}\n`,
  );

async function xlsx(): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  for (const row of rows()) sheet.addRow(row);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const files = [
  { name: 'clash.csv', bytes: async () => csv(), step: {} },
  { name: 'clash.xlsx', bytes: xlsx, step: { sheetName: 'Data' } },
];

describe('a column named like an internal column of the stored file', () => {
  for (const file of files) {
    it(`is refused at step 2 with the column's name and what to change (${file.name})`, async () => {
      const key = await putFile(t, w.tokens.admin, w.A, file.name, await file.bytes());
      const draft = await createDraft(t, w.tokens.admin, key, file.step);
      const id = draft.body.data.createDraftDatafile.datafileId as string;
      for (const [language, text] of [
        ['de', 'Benennen Sie die Spalte in Ihrer Datei um'],
        ['en', 'rename the column in your file'],
      ] as const) {
        const preview = await t.gql(
          Q.preview,
          { id },
          { token: w.tokens.admin, headers: { 'accept-language': language } },
        );
        const issue = preview.body.data.getUploadPreview.readingIssues.find(
          (x: { reason: string }) => x.reason === 'RESERVED_HEADER_NAME',
        );
        expect(issue).toMatchObject({ code: 'HEADER_ROW_HAS_DUPLICATES', column: SOURCE_ROW_COLUMN, rows: [1] });
        expect(issue.message).toContain(SOURCE_ROW_COLUMN);
        expect(issue.message).toContain(text);
        expect(issue.message).toContain('3');
      }
      // The check the confirmation depends on refuses it too: nothing is estimated, nothing can be charged.
      const check = await saveSuggested(t, w.tokens.admin, id);
      expect(check.estimate).toBeNull();
      expect(check.issues).toContainEqual(
        expect.objectContaining({ reason: 'RESERVED_HEADER_NAME', column: SOURCE_ROW_COLUMN }),
      );
      const confirm = await t.gql(Q.confirm, { id, c: 0, s: 'PROCESSING' }, { token: w.tokens.admin });
      expect(confirm.body.errors).toBeDefined();
    });
  }

  it('is taken once renamed, and the renamed column is stored beside the row numbers', async () => {
    const renamed = new TextEncoder().encode(new TextDecoder().decode(csv()).replace(SOURCE_ROW_COLUMN, 'source_row'));
    const key = await putFile(t, w.tokens.admin, w.A, 'renamed.csv', renamed);
    const draft = await createDraft(t, w.tokens.admin, key, {});
    const check = await saveSuggested(t, w.tokens.admin, draft.body.data.createDraftDatafile.datafileId);
    expect(check.state).toBe('DONE');
    expect(check.estimate.numberOfRecords).toBe(40);
  });
});
