// Step 2's suggestions from the data and the header names; the suggested mapping of the fixture
// survey is what a user would confirm, and it validates.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { describeIssue, previewUpload, validateUpload } from '../../../api/ingest/index';
import { diskBlobStore } from '../../support/disk-blob-store';

const blobs = diskBlobStore();
afterAll(() => blobs.dispose());

describe('previewUpload', () => {
  it('suggests the fixture survey types and the preview shows the first rows', async () => {
    await blobs.put(
      'uploads/s.csv',
      new Uint8Array(readFileSync(new URL('../../fixtures/uploads/qualtrics-utf8-bom.csv', import.meta.url))),
    );
    const p = await previewUpload(blobs, 'uploads/s.csv', 'csv', {}, undefined, { previewRows: 5 });
    expect(p.rows).toHaveLength(5);
    expect(p.rowNumbers).toEqual([4, 5, 6, 7, 8]);
    const type = (c: string) => p.columns.find((x) => x.column === c)?.type;
    expect(type('respid')).toBe('RECORD_ID');
    expect(type('duration_total')).toBe('DURATION');
    expect(type('time_page3')).toBe('DURATION');
    expect(type('Q1_1')).toBe('ITEM_BATTERY');
    expect(type('Q2_10')).toBe('ITEM_BATTERY');
    expect(type('open2')).toBe('OPEN_ENDED');
    expect(type('proj1_vote')).toBe('PROJECTIVE');
    expect(type('proj2_pred_no')).toBe('PROJECTIVE');
    expect(type('region')).toBe('GROUPING');
    expect(type('browser')).toBe('IGNORE');
    const grids = p.suggestedMapping.filter((d) => d.type === 'ITEM_BATTERY');
    expect(grids).toEqual([
      expect.objectContaining({ id: 'Q1', items: Array.from({ length: 10 }, (_, i) => `Q1_${i + 1}`), min: 1, max: 5 }),
      expect.objectContaining({ id: 'Q2', items: Array.from({ length: 10 }, (_, i) => `Q2_${i + 1}`) }),
    ]);
    expect(p.suggestedMapping).toContainEqual(
      expect.objectContaining({ type: 'DURATION', column: 'duration_total', role: 'TOTAL' }),
    );
    expect(p.suggestedMapping).toContainEqual(
      expect.objectContaining({
        type: 'PROJECTIVE',
        vote: 'proj1_vote',
        predictions: ['proj1_pred_yes', 'proj1_pred_no'],
      }),
    );
    // The open question's suggested title is the Qualtrics question text.
    expect(p.suggestedMapping).toContainEqual(
      expect.objectContaining({
        type: 'OPEN_ENDED',
        column: 'open1',
        questionTitle: 'Was hat Ihnen an Ihrem letzten Urlaub gefallen?',
      }),
    );
    expect(await validateUpload(blobs, 'uploads/s.csv', 'csv', {}, { dataPoints: p.suggestedMapping })).toEqual([]);
  });

  it('finds an id column by its values and a grid by the Q1_1 pattern', async () => {
    const lines = ['Lfd,F3_1,F3_2,F3_3,F3_4,F3_5,comment'];
    for (let i = 1; i <= 50; i++)
      lines.push(
        `${1000 + i},${1 + (i % 4)},${1 + (i % 3)},${1 + (i % 5)},${1 + (i % 2)},${1 + ((i + 1) % 5)},${i % 2 ? 'war ganz in Ordnung soweit' : 'zu lang und zu viele Fragen ' + i}`,
      );
    await blobs.put('uploads/t.csv', new TextEncoder().encode(lines.join('\n')));
    const p = await previewUpload(blobs, 'uploads/t.csv', 'csv', {});
    expect(p.columns.map((c) => c.type)).toEqual([
      'RECORD_ID',
      ...Array.from({ length: 5 }, () => 'ITEM_BATTERY'),
      'OPEN_ENDED',
    ]);
    expect(p.columns[0]!.basis).toBe('values');
    expect(p.suggestionIssues).toEqual([]);
  });

  it('groups Q2A..Q2G and Q8A..Q8L as grids, not questions that share a letter (Q0, Q1, Q5, Q13, Q16)', async () => {
    const names = [
      'Q0',
      'Q1',
      'Q5',
      'Q13',
      'Q16',
      ...'ABCDEFG'.split('').map((l) => `Q2${l}`),
      ...'ABCDEFGHIJKL'.split('').map((l) => `Q8${l}`),
    ];
    const lines = [names.join(',')];
    for (let i = 1; i <= 60; i++) lines.push(names.map((_, j) => String(1 + ((i * (j + 3)) % 5))).join(','));
    await blobs.put('uploads/letters.csv', new TextEncoder().encode(lines.join('\n')));
    const p = await previewUpload(blobs, 'uploads/letters.csv', 'csv', {});
    const grids = p.suggestedMapping.filter((d) => d.type === 'ITEM_BATTERY');
    expect(grids.map((g) => (g.type === 'ITEM_BATTERY' ? [g.id, g.items.length] : []))).toEqual([
      ['Q2', 7],
      ['Q8', 12],
    ]);
    expect(p.columns.find((c) => c.column === 'Q5')!.type).toBe('IGNORE');
    // No column is unique: the row number is the record ID, and the suggestion passes the check.
    expect(p.suggestedMapping[0]).toEqual({ type: 'RECORD_ID', column: '', rowNumber: true });
    expect(p.suggestionIssues).toEqual([]);
  });

  it('splits scales printed in turns (Si1, Na2, Si3 ...) by stem, and takes no clock time for a duration', async () => {
    const si = [1, 3, 6, 8, 10, 11, 14];
    const names = [
      ...Array.from({ length: 14 }, (_, k) => `${si.includes(k + 1) ? 'Si' : 'Na'}${k + 1}`),
      'session_time',
    ];
    const lines = [names.join(',')];
    for (let i = 1; i <= 60; i++)
      lines.push([...names.slice(0, 14).map((_, j) => String((i * (j + 3)) % 5)), String(8 + (i % 3) / 2)].join(','));
    await blobs.put('uploads/turns.csv', new TextEncoder().encode(lines.join('\n')));
    const p = await previewUpload(blobs, 'uploads/turns.csv', 'csv', {});
    const grids = p.suggestedMapping.flatMap((d) => (d.type === 'ITEM_BATTERY' ? [[d.id, d.items]] : []));
    expect(grids).toEqual([
      ['Si', si.map((n) => `Si${n}`)],
      ['Na', [2, 4, 5, 7, 9, 12, 13].map((n) => `Na${n}`)],
    ]);
    expect(p.columns.find((c) => c.column === 'session_time')!.type).toBe('IGNORE');
    expect(p.suggestionIssues).toEqual([]);
  });

  it('reads a duration in minutes as minutes, and keeps it despite one record that ends before it starts', async () => {
    const lines = ['id,duration_min,q1,q2,q3,q4,q5'];
    for (let i = 1; i <= 120; i++)
      lines.push([i, i === 7 ? -713 : 3 + (i % 40), ...[1, 2, 3, 4, 5].map((k) => 1 + ((i * k) % 5))].join(','));
    await blobs.put('uploads/minutes.csv', new TextEncoder().encode(lines.join('\n')));
    const p = await previewUpload(blobs, 'uploads/minutes.csv', 'csv', {});
    expect(p.suggestedMapping.filter((d) => d.type === 'DURATION')).toEqual([
      expect.objectContaining({ column: 'duration_min', role: 'TOTAL', unit: 'm' }),
    ]);
    expect(p.suggestionIssues).toEqual([]);
  });

  it("suggests Qualtrics' page submit times as pages, never clicks, and no time with under 30 records", async () => {
    const head = [
      'ResponseId',
      'Duration (in seconds)',
      'Q3_First Click',
      'Q3_Last Click',
      'Q3_Page Submit',
      'Q3_Click Count',
    ];
    const row = (i: number) => [`R_${i}`, 300 + i, 1 + i, 20 + i, 25 + i, 3].join(',');
    const file = (n: number) => [head.join(','), ...Array.from({ length: n }, (_, i) => row(i))].join('\n');
    await blobs.put('uploads/timing.csv', new TextEncoder().encode(file(40)));
    const p = await previewUpload(blobs, 'uploads/timing.csv', 'csv', {});
    expect(p.suggestedMapping.filter((d) => d.type === 'DURATION')).toEqual([
      expect.objectContaining({ column: 'Duration (in seconds)', role: 'TOTAL' }),
      expect.objectContaining({ column: 'Q3_Page Submit', role: 'PAGE' }),
    ]);
    await blobs.put('uploads/timing-few.csv', new TextEncoder().encode(file(12)));
    const few = await previewUpload(blobs, 'uploads/timing-few.csv', 'csv', {});
    expect(few.suggestedMapping.filter((d) => d.type === 'DURATION')).toEqual([]);
    // Nothing else to score: the preview says so before the check.
    expect(few.suggestionIssues).toEqual([{ code: 'NO_SCORABLE_DATA_POINT' }]);
  });

  it('a grid whose answers are words is named in the reason nothing can be scored; ticks and best/worst are no grid', async () => {
    const scale = ['Never', 'Rarely', 'Sometimes', 'Often'];
    const names = ['id', 'tick_a', 'tick_b', 'tick_c', 'tick_d', 'tick_e', 'f1', 'f2', 'f3', 'f4', 'f5'];
    const lines = [names.join(',')];
    for (let i = 1; i <= 40; i++) {
      const ticks = ['a', 'b', 'c', 'd', 'e'].map((o, j) => ((i + j) % 2 ? `Option ${o}` : 'Not selected'));
      lines.push([i, ...ticks, ...[1, 2, 3, 4, 5].map((j) => scale[(i + j) % 4])].join(','));
    }
    await blobs.put('uploads/words.csv', new TextEncoder().encode(lines.join('\n')));
    const p = await previewUpload(blobs, 'uploads/words.csv', 'csv', {});
    expect(p.suggestionIssues).toEqual([
      {
        code: 'NO_SCORABLE_DATA_POINT',
        reason: 'ANSWERS_AS_WORDS',
        column: 'f1',
        value: '“Sometimes”, “Often”, “Never” …',
      },
    ]);
    expect(describeIssue(p.suggestionIssues[0]!, 'en')).toContain('Export the answers as numeric codes');
    expect(describeIssue(p.suggestionIssues[0]!, 'de')).toContain('als Zahlencodes');
    // The check-all ticks alone (each column its own option or "Not selected"), and the options a MaxDiff
    // design showed ("Feature 1" .. "Feature 6"), are not taken for a grid.
    const design = (i: number) => [1, 2, 3, 4, 5].map((j) => (i === 0 ? `d${j}` : `Feature ${((i + j) % 6) + 1}`));
    const ticks = lines.map((l, i) => [...l.split(',').slice(0, 6), ...design(i)].join(','));
    await blobs.put('uploads/ticks.csv', new TextEncoder().encode(ticks.join('\n')));
    const t = await previewUpload(blobs, 'uploads/ticks.csv', 'csv', {});
    expect(t.suggestionIssues).toEqual([{ code: 'NO_SCORABLE_DATA_POINT' }]);
  });

  it('suggests no record ID column that has a missing value: the row number instead', async () => {
    // "id" is unique, but one value is the missing-value code: the check would refuse it as the ID.
    const lines = ['id,A1,A2,A3,A4,A5'];
    for (let i = 1; i <= 40; i++)
      lines.push([i === 20 ? -999 : i, ...[1, 2, 3, 4, 5].map((j) => 1 + ((i * (j + 2)) % 5))].map(String).join(','));
    await blobs.put('uploads/id-missing.csv', new TextEncoder().encode(lines.join('\n')));
    const p = await previewUpload(blobs, 'uploads/id-missing.csv', 'csv', {});
    expect(p.suggestedMapping[0]).toEqual({ type: 'RECORD_ID', column: '', rowNumber: true });
    expect(p.suggestionIssues).toEqual([]);
  });

  it('names a grid ASTI1..ASTI5 after ASTI: a capital I is part of the scale name, not an item marker', async () => {
    const lines = ['ASTI1,ASTI2,ASTI3,ASTI4,ASTI5'];
    for (let i = 0; i < 40; i++) lines.push([0, 1, 2, 3, 4].map((k) => (i + k * 3) % 4).join(','));
    await blobs.put('uploads/asti.csv', new TextEncoder().encode(lines.join('\n')));
    const p = await previewUpload(blobs, 'uploads/asti.csv', 'csv', {});
    expect(p.suggestedMapping.find((d) => d.type === 'ITEM_BATTERY')).toMatchObject({ id: 'ASTI', min: 0, max: 3 });
  });

  it('takes check-all answers and job titles many share for no open answers, sentences for open ones', async () => {
    const tools = ['Excel', 'Python', 'SPSS', 'SAS', 'C/C++', 'Javascript'];
    const titles = ['Data Scientist', 'Assistant Professor', 'PhD student'];
    const lines = ['id\ttools\ttitle\tbest'];
    for (let i = 0; i < 60; i++)
      lines.push(
        `${i + 1}\t${tools.filter((_, k) => (i >> k) & 1 || k === 0).join(', ')}\t${i % 2 ? `Analyst ${i} at a bank` : titles[i % 3]}\tanswer number ${i}: the community, mostly`,
      );
    await blobs.put('uploads/forms.tsv', new TextEncoder().encode(lines.join('\n')));
    const p = await previewUpload(blobs, 'uploads/forms.tsv', 'csv', {});
    expect(p.columns.map((c) => [c.column, c.type])).toEqual([
      ['id', 'RECORD_ID'],
      ['tools', 'IGNORE'],
      ['title', 'IGNORE'],
      ['best', 'OPEN_ENDED'],
    ]);
  });
});
