// Start and end times as form tools write them (5/10/18 4:01, 13/05/2018 04:01:33 PM): the day/month
// order is the column's, decided by its values, and where no value decides it the preview says so
// and the check asks for it instead of guessing.
import { afterAll, describe, expect, it } from 'vitest';
import { describeIssue, previewUpload, validateUpload } from '../../../api/ingest/index';
import { dateOrderOf, instantSeconds } from '../../../api/ingest/validate/instants';
import { diskBlobStore } from '../../support/disk-blob-store';

const blobs = diskBlobStore();
afterAll(() => blobs.dispose());

const utc = (iso: string) => Date.parse(iso) / 1000;

/** 40 interviews of 3 to 42 minutes on the given days, dates written by `write(day, month)`. */
async function survey(key: string, days: number[], write: (d: number, m: number) => string): Promise<void> {
  const lines = ['id,StartDate,EndDate,q1'];
  for (let i = 0; i < 40; i++) {
    const d = days[i % days.length]!;
    lines.push(`${i + 1},${write(d, 5)}/18 9:0${i % 10},${write(d, 5)}/18 9:${String(3 + i).padStart(2, '0')},${i}`);
  }
  await blobs.put(key, new TextEncoder().encode(lines.join('\n')));
}

describe('local dates', () => {
  it('reads month-first and day-first dates, two- and four-digit years, seconds and AM/PM', () => {
    expect(instantSeconds('5/10/18 4:01', 'MDY')).toBe(utc('2018-05-10T04:01:00Z'));
    expect(instantSeconds('5/10/18 4:01', 'DMY')).toBe(utc('2018-10-05T04:01:00Z'));
    expect(instantSeconds('13/05/2018 04:01:33 PM', 'DMY')).toBe(utc('2018-05-13T16:01:33Z'));
    expect(instantSeconds('12/31/99 12:00 am', 'MDY')).toBe(utc('1999-12-31T00:00:00Z'));
    expect(instantSeconds('1/2/2024', 'MDY')).toBe(utc('2024-01-02T00:00:00Z'));
    expect(instantSeconds('1/2/2024 12:30 PM', 'MDY')).toBe(utc('2024-01-02T12:30:00Z'));
    expect(instantSeconds('2/29/24 0:00', 'MDY')).toBe(utc('2024-02-29T00:00:00Z'));
    // Dotted dates are day first wherever they are written.
    expect(instantSeconds('24.12.2023 10:00')).toBe(utc('2023-12-24T10:00:00Z'));
    expect(instantSeconds('2018-05-10 04:01')).toBe(utc('2018-05-10T04:01:00Z'));
  });

  it('reads no date that does not exist in the order, and no slash date without an order', () => {
    expect(instantSeconds('13/5/18 4:01', 'MDY')).toBeNaN();
    expect(instantSeconds('2/30/18 4:01', 'MDY')).toBeNaN();
    expect(instantSeconds('5/10/18 13:01 PM', 'MDY')).toBeNaN();
    expect(instantSeconds('5/10/18 4:01')).toBeNaN();
  });

  it('decides the order from a value above 12, and says when none decides it', () => {
    expect(dateOrderOf(['5/10/18 4:01', '5/13/18 9:00'])).toEqual({ order: 'MDY' });
    expect(dateOrderOf(['5/10/18 4:01', '13/5/18 9:00', null])).toEqual({ order: 'DMY' });
    expect(dateOrderOf(['5/10/18 4:01', '1/2/18 9:00'])).toEqual({ undecided: true, example: '5/10/18 4:01' });
    // 13/5 and 5/13 in one column are no one order.
    expect(dateOrderOf(['13/5/18 4:01', '5/13/18 9:00'])).toBeUndefined();
    expect(dateOrderOf(['2018-05-10 04:01', 'n/a'])).toBeUndefined();
  });

  it('suggests a start/end pair in the order its values decide, and the check reads its durations', async () => {
    await survey('uploads/dmy.csv', [2, 14, 25], (d, m) => `${d}/${m}`);
    const p = await previewUpload(blobs, 'uploads/dmy.csv', 'csv', {});
    const time = p.suggestedMapping.find((d) => d.type === 'TIMESTAMP');
    expect(time).toMatchObject({ start: 'StartDate', end: 'EndDate', role: 'TOTAL', dateOrder: 'DMY' });
    expect(p.suggestionIssues).toEqual([]);
    expect(await validateUpload(blobs, 'uploads/dmy.csv', 'csv', {}, { dataPoints: p.suggestedMapping })).toEqual([]);
  });

  it('does not guess the order of a pair no value decides: the preview says to choose it, the check asks for it', async () => {
    await survey('uploads/ambiguous.csv', [2, 5, 11], (d, m) => `${m}/${d}`);
    const p = await previewUpload(blobs, 'uploads/ambiguous.csv', 'csv', {});
    expect(p.suggestedMapping.some((d) => d.type === 'TIMESTAMP')).toBe(false);
    expect(p.columns.find((c) => c.column === 'StartDate')!.type).toBe('IGNORE');
    const [note] = p.suggestionIssues;
    expect(note).toMatchObject({ reason: 'DATE_ORDER_REQUIRED', column: 'StartDate', value: '5/2/18 9:00' });
    expect(describeIssue(note!, 'en')).toMatch(/month first and day first.*Choose the date order/);
    expect(describeIssue(note!, 'de')).toMatch(/Reihenfolge \(Monat\/Tag\/Jahr oder Tag\/Monat\/Jahr\)/);

    const pair = { type: 'TIMESTAMP', start: 'StartDate', end: 'EndDate', role: 'TOTAL' } as const;
    const id = { type: 'RECORD_ID', column: 'id' } as const;
    const unordered = await validateUpload(blobs, 'uploads/ambiguous.csv', 'csv', {}, { dataPoints: [id, pair] });
    expect(unordered[0]).toMatchObject({
      code: 'TIMESTAMP_COLUMN_NOT_NUMERIC',
      reason: 'DATE_ORDER_REQUIRED',
      column: 'StartDate',
    });
    for (const dateOrder of ['MDY', 'DMY'] as const)
      expect(
        await validateUpload(blobs, 'uploads/ambiguous.csv', 'csv', {}, { dataPoints: [id, { ...pair, dateOrder }] }),
      ).toEqual([]);
  });

  it('names a date that is none in the chosen order', async () => {
    await survey('uploads/dmy2.csv', [2, 14, 25], (d, m) => `${d}/${m}`);
    const issues = await validateUpload(
      blobs,
      'uploads/dmy2.csv',
      'csv',
      {},
      {
        dataPoints: [
          { type: 'RECORD_ID', column: 'id' },
          { type: 'TIMESTAMP', start: 'StartDate', end: 'EndDate', role: 'TOTAL', dateOrder: 'MDY' },
        ],
      },
    );
    expect(issues[0]).toMatchObject({ reason: 'NOT_A_DATE_IN_ORDER', column: 'StartDate', value: '14/5/18 9:01' });
    expect(describeIssue(issues[0]!, 'en')).toContain('choose the other order');
  });
});
