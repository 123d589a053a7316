// Paradata columns of an upload (one column type per behaviour measure): the revision carries the
// behaviour category of each answer, the BAS and its data points; interviews without paradata have
// a null BAS and the combined score they have without the columns; values out of a measure's bounds
// and columns of an unmapped question are refused with the column named.
import { afterAll, describe, expect, it } from 'vitest';
import { processUpload, readRevisionColumns, uploadRefusalMessage } from '../../../api/ingest/index';
import { SCORE_COLUMNS } from '../../../api/ingest/columnar/layout';
import type { ColumnMapping, DataPoint } from '../../../api/ingest/types';
import { AppError } from '../../../api/kernel/errors/errors';
import { refusalFactsOf } from '../../../api/kernel/errors/refusal-messages';
import { reportFigures } from '../../../api/modules/reports/report-figures';
import { BEHAVIOUR_CATEGORIES, DEFAULT_RULES } from '../../../scoring/index';
import { mappingOf, rowsFromInput } from '../../../api/modules/uploads/datapoints';
import { diskBlobStore } from '../../support/disk-blob-store';
import { scoring } from '../../support/scoring';

const blobs = diskBlobStore();
afterAll(() => blobs.dispose());

const ANSWERS = [
  'I like the taste and the price is fair',
  'Mostly the friendly service at the counter',
  'Fast delivery though the box was dented',
  'The app keeps crashing when I pay online',
];
// Per kind: keys, median and IQR of the intervals (ms), regular share, pasted and unexplained characters, pastes after a switch.
const KINDS = {
  typed: ['40', '210', '120', '0.05', '0', '0', '0'],
  pasted: ['0', '', '', '', '40', '0', '0'],
  switched: ['0', '', '', '', '40', '1', '0'],
  filled: ['0', '', '', '', '0', '0', '40'],
  bot: ['40', '100', '0', '1', '0', '0', '0'],
  none: ['', '', '', '', '', '', ''],
} as const;
const MEASURES = [
  'BEHAVIOUR_KEYS',
  'BEHAVIOUR_IKI_MEDIAN_MS',
  'BEHAVIOUR_IKI_IQR_MS',
  'BEHAVIOUR_REGULAR_SHARE',
  'BEHAVIOUR_PASTED_CHARS',
  'BEHAVIOUR_PASTES_AFTER_SWITCH',
  'BEHAVIOUR_UNEXPLAINED_CHARS',
] as const;
const kinds = Object.keys(KINDS) as (keyof typeof KINDS)[];
const ROWS = 36;
const kindOf = (i: number) => kinds[i % kinds.length]!;

function csv(edit?: (row: string[], i: number) => void): string {
  const header = ['id', 'grid_1', 'grid_2', 'grid_3', 'grid_4', 'grid_5', 'q1', ...MEASURES.map((m) => `q1_${m}`)];
  const lines = [header.join(',')];
  for (let i = 0; i < ROWS; i++) {
    const row = [
      `r${i}`,
      ...[1, 2, 3, 4, 5].map((k) => String(1 + ((i * k) % 5))),
      ANSWERS[i % 4]!,
      ...KINDS[kindOf(i)],
    ];
    edit?.(row, i);
    lines.push(row.join(','));
  }
  return lines.join('\n');
}

const base: DataPoint[] = [
  { type: 'RECORD_ID', column: 'id' },
  { type: 'ITEM_BATTERY', id: 'grid', items: ['grid_1', 'grid_2', 'grid_3', 'grid_4', 'grid_5'], min: 1, max: 5 },
  { type: 'OPEN_ENDED', column: 'q1', questionTitle: 'Why do you buy here?' },
];
const paradata: DataPoint[] = MEASURES.map((type) => ({ type, column: `q1_${type}`, question: 'q1' }));

let revision = 0;
async function run(text: string, mapping: ColumnMapping) {
  const key = `uploads/behaviour-${++revision}.csv`;
  await blobs.put(key, new TextEncoder().encode(text));
  const summary = await processUpload({
    blobs,
    scoring,
    source: { key, format: 'csv' },
    options: {},
    mapping,
    datafileId: 'dfBas',
    revision,
  });
  lastSummary = summary;
  return readRevisionColumns(blobs, 'dfBas', revision, 'scores');
}
let lastSummary: Awaited<ReturnType<typeof processUpload>> | undefined;

describe('behaviour columns of an upload', () => {
  it('give each answer its category and each interview its BAS; without paradata BAS is null and the rest unchanged', async () => {
    const scores = await run(csv(), { dataPoints: [...base, ...paradata] });
    const category = scores.getChild(SCORE_COLUMNS.behaviour('q1'))!.toArray() as Int8Array;
    const bas = scores.getChild(SCORE_COLUMNS.bas)!.toArray() as Float64Array;
    const dp = scores.getChild(SCORE_COLUMNS.basDataPoints)!.toArray() as Float64Array;
    const expected = {
      typed: 'natural',
      pasted: 'pasted',
      switched: 'switched away then pasted',
      filled: 'filled without typing',
      bot: 'unnatural rhythm',
      none: 'none',
    };
    const score = { typed: 100, pasted: 10, switched: 0, filled: 0, bot: 10, none: Number.NaN };
    for (let i = 0; i < ROWS; i++) {
      const k = kindOf(i);
      expect(BEHAVIOUR_CATEGORIES[category[i]!], `row ${i} (${k})`).toBe(expected[k]);
      if (k === 'none') expect(bas[i]).toBeNaN();
      else expect(bas[i]).toBe(score[k]);
      expect(dp[i]).toBe(k === 'none' ? 0 : 1);
    }
    // The dashboard's summary of the revision counts the interviews with a BAS.
    const basStat = lastSummary!.scoreStats.find((x) => x.kind === 'BAS');
    expect(basStat?.count).toBe(Array.from(bas).filter((v) => !Number.isNaN(v)).length);
    // The report re-runs the saved rules over the revision: with the BAS rule alone (default BAS < 20)
    // the pasted, switched, filled and machine-typed answers go under its reason, and the BAS average
    // before and after cleaning says so.
    const only = (key: string) => ({
      ...DEFAULT_RULES,
      badAnswers: { ...DEFAULT_RULES.badAnswers, enabled: false },
      rules: Object.fromEntries(Object.entries(DEFAULT_RULES.rules).map(([k, r]) => [k, { ...r, enabled: k === key }])),
    });
    const report = await reportFigures({ blobs, scoring }, 'dfBas', revision, { rules: only('bas') as never });
    const average = report.averages.find((a) => a.key === 'bas')!;
    const scored = Array.from(bas).filter((v) => v === v);
    expect(average.before).toBeCloseTo(scored.reduce((x, y) => x + y, 0) / scored.length, 1);
    expect(average.after).toBe(100);
    expect(report.removedByReason.find((r) => r.reason === 'BAS')?.count).toBe(scored.filter((v) => v < 20).length);
    // The same file with the paradata columns ignored: no BAS column at all, and the interviews
    // without paradata have bit for bit the combined score they have above.
    const plain = await run(csv(), { dataPoints: base });
    expect(plain.getChild(SCORE_COLUMNS.bas)).toBeNull();
    expect(lastSummary!.scoreStats.some((x) => x.kind === 'BAS')).toBe(false);
    const a = scores.getChild(SCORE_COLUMNS.combined)!.toArray() as Float64Array;
    const b = plain.getChild(SCORE_COLUMNS.combined)!.toArray() as Float64Array;
    let moved = 0;
    for (let i = 0; i < ROWS; i++) {
      if (kindOf(i) === 'none') expect(Object.is(a[i], b[i]), `combined[${i}]`).toBe(true);
      else if (a[i] !== b[i]) moved++;
    }
    // With paradata the BAS weighs in the combined score.
    expect(moved).toBeGreaterThan(0);
  });

  it('refuses a value out of its measure’s bounds with the column and the rows named', async () => {
    const text = csv((row, i) => {
      if (i === 2) row[10] = '1.5'; // regular share above 1
      if (i === 4) row[10] = 'often';
    });
    const error = await run(text, { dataPoints: [...base, ...paradata] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    const e = error as AppError;
    expect(e.details).toMatchObject({
      reason: 'BEHAVIOUR_OUT_OF_RANGE',
      column: 'q1_BEHAVIOUR_REGULAR_SHARE',
      rows: [4, 6],
      limit: 1,
    });
    const facts = refusalFactsOf(e.code, e.details);
    expect(uploadRefusalMessage(facts, 'en')).toContain('“q1_BEHAVIOUR_REGULAR_SHARE”, rows 4, 6');
    expect(uploadRefusalMessage(facts, 'de')).toContain('„q1_BEHAVIOUR_REGULAR_SHARE“, Zeilen 4, 6');
  });

  it('refuses paradata of a question that is not mapped as an open question', async () => {
    const mapping = {
      dataPoints: [...base, { type: 'BEHAVIOUR_KEYS', column: 'q1_BEHAVIOUR_KEYS', question: 'grid_1' } as DataPoint],
    };
    const error = (await run(csv(), mapping).catch((e: unknown) => e)) as AppError;
    expect(error.details).toMatchObject({ reason: 'BEHAVIOUR_QUESTION_UNKNOWN', column: 'q1_BEHAVIOUR_KEYS' });
  });

  it('asks for the open question when a paradata column names none, without an empty name in the message', async () => {
    const mapping = {
      dataPoints: [...base, { type: 'BEHAVIOUR_KEYS', column: 'q1_BEHAVIOUR_KEYS', question: '' } as DataPoint],
    };
    const e = (await run(csv(), mapping).catch((x: unknown) => x)) as AppError;
    expect(e.details).toMatchObject({ reason: 'BEHAVIOUR_QUESTION_REQUIRED', column: 'q1_BEHAVIOUR_KEYS' });
    const facts = refusalFactsOf(e.code, e.details);
    expect(uploadRefusalMessage(facts, 'en')).toContain('choose the open question it describes');
    expect(uploadRefusalMessage(facts, 'de')).toContain('Wählen Sie die offene Frage, die sie beschreibt');
    expect(uploadRefusalMessage(facts, 'en')).not.toContain('“”');
  });

  it('step 2 keeps the open question a paradata column describes, and refuses one that names none', () => {
    const rows = rowsFromInput([
      { dataPointIdentifier: 'q1_keys', dataPointType: 'BEHAVIOUR_KEYS', columns: ['q1_keys'], openEndedColumn: 'q1' },
    ]);
    expect(mappingOf(rows).dataPoints).toEqual([{ type: 'BEHAVIOUR_KEYS', column: 'q1_keys', question: 'q1' }]);
    let error: unknown;
    try {
      rowsFromInput([{ dataPointIdentifier: 'q1_keys', dataPointType: 'BEHAVIOUR_PASTES', columns: ['q1_keys'] }]);
    } catch (e) {
      error = e;
    }
    expect((error as AppError).details).toMatchObject({ reason: 'DATA_POINT_SHAPE', value: 'openEndedColumn' });
  });
});
