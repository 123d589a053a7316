// checkUpload (step 2 -> 3): every problem of the data points at once, and a credit estimate that
// is exactly what processing charges (without running the open-ended classifier); the judge hook and
// the source column of the open-ended verdicts.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAndPrepare,
  checkUpload,
  processUpload,
  publishPrepared,
  readRevisionColumns,
  type UploadScoring,
} from '../../../api/ingest/index';
import type { ColumnMapping, DataPoint } from '../../../api/ingest/types';
import { generateDemoSurvey } from '../../../api/demo/survey';
import { surveyCsvBytes } from '../../../api/demo/writers';
import { openUpload } from '../../../api/ingest/parse/index';
import { BATCH_ROWS } from '../../../api/ingest/parse/table';
import { batchBytes } from '../../../api/ingest/processing/held-rows';
import { fixtureSurvey } from '../../fixtures/uploads/make-fixtures';
import { startOpenEndedWorker } from '../../../scoring/open-ended-worker';
import { diskBlobStore } from '../../support/disk-blob-store';
import { scoring } from '../../support/scoring';

const blobs = diskBlobStore();
let s: UploadScoring;
const survey = fixtureSurvey();
const mapping: ColumnMapping = survey.mapping;
/** The xlsx fixture has an info sheet first and two preamble rows above the header. */
const XLSX = { sheet: 'Data', headerRow: 3 };
const put = async (name: string) => {
  await blobs.put(
    `uploads/${name}`,
    new Uint8Array(readFileSync(new URL(`../../fixtures/uploads/${name}`, import.meta.url))),
  );
  return `uploads/${name}`;
};
beforeAll(async () => {
  s = scoring;
});
afterAll(() => blobs.dispose());

describe('checkUpload', () => {
  it('estimates exactly the credits processing charges, for every format', async () => {
    for (const [file, format, options] of [
      ['survey.xlsx', 'xlsx', XLSX],
      ['qualtrics-utf8-bom.csv', 'csv', {}],
      ['survey-uncompressed.sav', 'sav', {}],
    ] as const) {
      const key = await put(file);
      const check = await checkUpload({
        blobs,
        scoring: s,
        source: { key, format },
        options,
        mapping,
        datafileId: `est-${format}`,
      });
      expect(check.issues, file).toEqual([]);
      const done = await processUpload({
        blobs,
        scoring: s,
        source: { key, format },
        options,
        mapping,
        datafileId: `est-${format}`,
        revision: 1,
      });
      expect(check.estimate, file).toEqual({
        numberOfRecords: done.numberOfRecords,
        newRecords: done.credits.newRecords,
        credits: done.credits.toCharge,
        creditsAllRecords: done.credits.total,
        numberOfDatapoints: done.numberOfDatapoints,
      });
      expect(done.interviewCredits.reduce((a, b) => a + b, 0)).toBe(done.credits.toCharge);
      // The estimate skips the consistency score: processing computed it here, with data points of its own.
      const scores = await readRevisionColumns(blobs, `est-${format}`, 1, 'scores');
      const con = scores.getChild('con.data_points')!;
      expect(
        Array.from({ length: scores.numRows }, (_, i) => con.get(i) as number | null).some((v) => (v ?? 0) > 0),
        file,
      ).toBe(true);
      // A re-upload of the same file estimates nothing new, as processing then charges nothing.
      const again = await checkUpload({
        blobs,
        scoring: s,
        source: { key, format },
        options,
        mapping,
        datafileId: `est-${format}`,
        previous: { revision: 1, columns: done.columns },
      });
      expect(again.estimate).toMatchObject({ newRecords: 0, credits: 0 });
    }
  });

  it('returns every problem of the data points at once, each with its column', async () => {
    const key = await put('survey.xlsx');
    const broken: DataPoint[] = mapping.dataPoints.map((d) => {
      if (d.type === 'ITEM_BATTERY') return { ...d, items: d.items.slice(0, 4) };
      if (d.type === 'OPEN_ENDED') return { ...d, questionTitle: '' };
      return d;
    });
    const check = await checkUpload({
      blobs,
      scoring: s,
      source: { key, format: 'xlsx' },
      options: XLSX,
      mapping: { dataPoints: broken },
      datafileId: 'issues',
    });
    expect(check.estimate).toBeUndefined();
    const codes = check.issues.map((i) => `${i.code}:${i.reason ?? ''}:${i.column}`);
    expect(codes.filter((c) => c.startsWith('ITEM_BATTERY_UNDER_MINIMUM_ITEMS'))).toHaveLength(2);
    expect(codes.filter((c) => c.startsWith('INCOMPLETE_INPUT:QUESTION_TITLE_REQUIRED'))).toHaveLength(3);
  });

  it('reports a re-upload with other columns as a structure problem', async () => {
    const key = await put('survey.xlsx');
    const check = await checkUpload({
      blobs,
      scoring: s,
      source: { key, format: 'xlsx' },
      options: XLSX,
      mapping,
      datafileId: 'structure',
      previous: { revision: 1, columns: [...survey.header, 'extra'] },
    });
    expect(check.issues).toEqual([
      expect.objectContaining({ code: 'DATAFILE_STRUCTURE_IS_DIFFERENT', reason: 'COLUMNS_MISSING', column: 'extra' }),
    ]);
  });
});

describe('the check that goes on preparing the revision', () => {
  it("answers before the classifier's thread starts, then prepares the scores the upload job writes", async () => {
    const key = await put('qualtrics-utf8-bom.csv');
    const common = { blobs, scoring: s, source: { key, format: 'csv' as const }, options: {}, mapping, revision: 1 };
    // Two cores shared with the API: a classifier fed while parsing delayed step 3's estimate.
    const events: string[] = [];
    const out = await checkAndPrepare(
      {
        ...common,
        datafileId: 'prepared',
        folder: 'prepared-t/',
        openEndedWorker: (questions) => {
          events.push('classifier started');
          return startOpenEndedWorker(questions);
        },
      },
      async (check) => {
        events.push(check.estimate ? 'estimate' : 'issues');
      },
    );
    expect(events).toEqual(['estimate', 'classifier started']);
    expect(out.prepared).toBe(true);
    await publishPrepared(blobs, 'prepared', 1, 'prepared-t/');
    await processUpload({ ...common, datafileId: 'processed', openEndedWorker: startOpenEndedWorker });
    const [a, b] = [
      await readRevisionColumns(blobs, 'prepared', 1, 'scores'),
      await readRevisionColumns(blobs, 'processed', 1, 'scores'),
    ];
    const names = a.schema.fields.map((f) => f.name);
    expect(b.schema.fields.map((f) => f.name)).toEqual(names);
    expect(names.filter((n) => n.startsWith('oes.') && n.endsWith('.category'))).toHaveLength(3);
    for (const name of names)
      for (let i = 0; i < a.numRows; i++)
        expect(a.getChild(name)!.get(i), `${name} row ${i}`).toEqual(b.getChild(name)!.get(i));
  });

  it('writes raw.arrow row for row whether it held the parsed rows until the estimate, some of them, or none', async () => {
    // Three batches of rows; the held rows are encoded only once the estimate is out.
    const big = generateDemoSurvey({ rows: 2 * BATCH_ROWS + 100, seed: 3, openQuestions: 0, totalColumns: 12 });
    const key = 'uploads/held.csv';
    await blobs.put(key, await surveyCsvBytes(big));
    const common = { blobs, scoring: s, source: { key, format: 'csv' as const }, options: {}, mapping: big.mapping };
    const [first] = await Array.fromAsync((await openUpload(blobs, key, 'csv', {})).batches());
    await processUpload({ ...common, datafileId: 'plain', revision: 1 });
    const expected = await readRevisionColumns(blobs, 'plain', 1, 'raw');
    expect(expected.numRows).toBe(2 * BATCH_ROWS + 100);
    // All held (the default), the first batch only (the second passes the limit), none.
    for (const [id, heldRowsBytes] of [
      ['held-all', undefined],
      ['held-one', Math.round(1.5 * batchBytes(first!))],
      ['held-none', 1],
    ] as const) {
      let rawAtEstimate: unknown;
      const out = await checkAndPrepare(
        { ...common, datafileId: id, revision: 1, folder: 'prepared-h/', ...(heldRowsBytes ? { heldRowsBytes } : {}) },
        async (check) => {
          expect(check.estimate?.numberOfRecords).toBe(expected.numRows);
          rawAtEstimate = await blobs.stat(`datafiles/${id}/1/prepared-h/raw.arrow`);
        },
      );
      expect(out.failure).toBeUndefined();
      expect(out.prepared).toBe(true);
      // Nothing of raw.arrow is written before the estimate, whatever was held.
      expect(rawAtEstimate).toBeNull();
      await publishPrepared(blobs, id, 1, 'prepared-h/');
      const got = await readRevisionColumns(blobs, id, 1, 'raw');
      expect(got.numRows).toBe(expected.numRows);
      // The first cell that differs, per column (a deep equality of 16,000 cells per column is slow).
      for (const f of expected.schema.fields) {
        const [a, b] = [got.getChild(f.name)!.toArray(), expected.getChild(f.name)!.toArray()];
        const at = Array.prototype.findIndex.call(b, (v: unknown, i: number) => !Object.is(a[i], v));
        expect(at, `${id} ${f.name}: first differing row`).toBe(-1);
      }
    }
  }, 60_000);
});

describe('the open-ended verdicts', () => {
  it('stores where each category came from: the judge where it answered, the offline rules elsewhere, null where nothing was scored', async () => {
    const key = await put('qualtrics-utf8-bom.csv');
    let asked = 0;
    const done = await processUpload({
      blobs,
      scoring: s,
      source: { key, format: 'csv' },
      options: {},
      mapping,
      datafileId: 'judged',
      revision: 1,
      judge: async (questions, offline) => {
        asked = questions.length;
        // The judge calls every filled answer of the first question Nonsense (7).
        const categories = offline.categories.map((c) => Int32Array.from(c));
        const sources = categories.map((c) => new Uint8Array(c.length));
        categories[0]!.forEach((v, i) => {
          if (v !== 0) {
            categories[0]![i] = 7;
            sources[0]![i] = 1;
          }
        });
        return { categories, sources };
      },
    });
    expect(asked).toBe(3);
    const first = mapping.dataPoints.find((d) => d.type === 'OPEN_ENDED')!;
    const second = mapping.dataPoints.filter((d) => d.type === 'OPEN_ENDED')[1]!;
    const col = (dp: DataPoint) => (dp.type === 'OPEN_ENDED' ? dp.column : '');
    const scores = await readRevisionColumns(blobs, 'judged', 1, 'scores', [
      `oes.${col(first)}.category`,
      `oes.${col(first)}.source`,
      `oes.${col(second)}.source`,
    ]);
    const cats = scores.getChild(`oes.${col(first)}.category`)!;
    const src = scores.getChild(`oes.${col(first)}.source`)!;
    const other = scores.getChild(`oes.${col(second)}.source`)!;
    let judged = 0;
    let offline = 0;
    for (let i = 0; i < done.numberOfRecords; i++) {
      if (cats.get(i) === null) expect(src.get(i)).toBeNull();
      else {
        expect([cats.get(i), src.get(i)]).toEqual([7, 1]);
        judged++;
      }
      expect(other.get(i) === null || other.get(i) === 0).toBe(true);
      if (other.get(i) === 0) offline++;
    }
    expect(judged).toBeGreaterThan(100);
    expect(offline).toBeGreaterThan(100);
  });
});
