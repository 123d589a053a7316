// Files larger than one 64k-row chunk: the score inputs are spilled to a temporary file during the
// parse and scored chunk by chunk (scoring's scoreChunked), scores.arrow is written a record batch per
// chunk. The stored scores must be those of one scoreAll over the whole file, the temporary file
// must be gone afterwards (after a refusal too), and the record ids' hashes (record-ids.bin, kept by
// every stored revision) must not change.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoSurvey } from '../../../api/demo/survey';
import { surveyCsvBytes } from '../../../api/demo/writers';
import { openUpload } from '../../../api/ingest/parse/index';
import { openQuestionsOf, processUpload } from '../../../api/ingest/processing/process';
import { hashRecordId, hashRecordIds } from '../../../api/ingest/processing/record-ids';
import { readRevisionColumns } from '../../../api/ingest/index';
import { createCollector } from '../../../api/ingest/validate/collector';
import type { ColumnMapping } from '../../../api/ingest/types';
import type { PipelineInput, Scoring } from '../../../scoring/index';
import { startOpenEndedWorker } from '../../../scoring/open-ended-worker';
import { diskBlobStore } from '../../support/disk-blob-store';
import { scoring } from '../../support/scoring';

const ROWS = 140_000; // two full chunks of 65,536 and a partial one
const blobs = diskBlobStore();
const temp = mkdtempSync(join(tmpdir(), 'chunked-test-'));
let s: Scoring;
const survey = generateDemoSurvey({ rows: ROWS, seed: 11, openQuestions: 1, totalColumns: 40 });
const mapping: ColumnMapping = survey.mapping;
const KEY = 'uploads/big.csv';

beforeAll(async () => {
  s = scoring;
  await blobs.put(KEY, await surveyCsvBytes(survey));
}, 120_000);
afterAll(() => {
  blobs.dispose();
  rmSync(temp, { recursive: true, force: true });
});

/** The whole-file reference: the same collector without a spill file, every column at once, one scoreAll. */
async function wholeFileScores() {
  const table = await openUpload(blobs, KEY, 'csv', {});
  const collector = createCollector(table.header, mapping, { collect: true });
  for await (const b of table.batches()) collector.accept(b);
  const inputs = collector.finish().inputs!;
  const categories = s.classifyOpenEnded(openQuestionsOf(inputs)).categories;
  const durations = [...inputs.durations].sort((a, b) => (a.role === 'TOTAL' ? -1 : 0) - (b.role === 'TOTAL' ? -1 : 0));
  const input: PipelineInput = {
    rows: inputs.rows,
    durations: {
      matrix: durations.map((d) => d.values.toArray()),
      totalIndex: durations[0]!.role === 'TOTAL' ? 0 : -1,
    },
    grids: inputs.grids.map((g) => ({
      items: g.items.map((i) => i.toArray()),
      min: g.dp.min,
      max: g.dp.max,
      patterns: g.dp.randomised !== true,
    })),
    openCategories: categories,
    projective: inputs.projective.map((p) => ({
      choice: p.vote.toArray(),
      predictions: p.predictions.map((x) => x.toArray()),
      ...(p.dp.options !== undefined ? { options: p.dp.options } : {}),
      purpose: p.dp.algorithms.includes('SDS') ? ('social-desirability' as const) : ('information' as const),
    })),
  };
  return { result: s.scoreAll(input), ids: inputs.ids.toArray(), grids: inputs.grids.map((g) => g.dp.id) };
}

const column = (t: Awaited<ReturnType<typeof readRevisionColumns>>, name: string) => {
  const c = t.getChild(name);
  if (!c) throw new Error(`no column ${name}`);
  return Array.from({ length: t.numRows }, (_, i) => (c.get(i) ?? Number.NaN) as number);
};

describe('uploads larger than one chunk', () => {
  it('stores the scores of one whole-file scoreAll, batch by batch, and leaves no temporary file', async () => {
    const progress: number[] = [];
    const summary = await processUpload({
      blobs,
      scoring: s,
      source: { key: KEY, format: 'csv' },
      options: {},
      mapping,
      datafileId: 'big',
      revision: 1,
      tempDir: temp,
      onProgress: (p) => progress.push(p),
    });
    expect(readdirSync(temp)).toEqual([]);
    expect(summary.numberOfRecords).toBe(ROWS);
    const scores = await readRevisionColumns(blobs, 'big', 1, 'scores');
    expect(scores.numRows).toBe(ROWS);
    expect(scores.batches.length).toBe(3);
    const whole = await wholeFileScores();
    const r = whole.result;
    const pairs: [string, Float64Array | Uint8Array][] = [
      ['ts', r.ts],
      ['ts.data_points', r.tsDataPoints],
      ['ts.extremely_slow', r.extremelySlow],
      ['ibs', r.ibs],
      ['ibs.data_points', r.ibsDataPoints],
      ['con', r.consistency],
      ['con.data_points', r.consistencyDataPoints],
      ['oes', r.oes],
      ['oes.data_points', r.oesDataPoints],
      ['oes.bad_answers', r.badAnswers],
      ['ps', r.ps],
      ['cs', r.cs],
      ['is', r.is],
      ['sds', r.sds],
      ['projective.data_points', r.projectiveDataPoints],
      ['combined', r.combined],
      ['combined.n_subscores', r.nSubscores],
      ['credits', r.credits],
      ...whole.grids.flatMap((id, gi): [string, Float64Array | Uint8Array][] => [
        [`grid.${id}.score`, r.grids[gi]!.scores],
        [`grid.${id}.label`, r.grids[gi]!.labels],
      ]),
    ];
    for (const [name, expected] of pairs) {
      const got = column(scores, name);
      let differ = 0;
      for (let i = 0; i < ROWS; i++) if (!Object.is(got[i], expected[i])) differ++;
      expect(differ, name).toBe(0);
    }
    // Some scores of every kind exist, so the comparison compared something.
    for (const name of ['ts', 'ibs', 'con', 'oes', 'ps', 'cs', 'combined'])
      expect(
        column(scores, name).some((v) => v === v),
        name,
      ).toBe(true);
    const ids = scores.getChild('record_id')!;
    expect([ids.get(0), ids.get(65_536), ids.get(ROWS - 1)]).toEqual([
      whole.ids[0],
      whole.ids[65_536],
      whole.ids[ROWS - 1],
    ]);
    expect(summary.credits.total).toBe(r.totalCredits);
    expect(summary.numberOfValidRecords).toBe(r.combined.filter((v) => v === v).length);
    expect(progress.at(-1)).toBe(100);
  }, 180_000);

  it("classifies on the classifier's thread while parsing (as the upload job does) with the same verdicts and scores", async () => {
    const run = (datafileId: string, thread: boolean) =>
      processUpload({
        blobs,
        scoring: s,
        source: { key: KEY, format: 'csv' },
        options: {},
        mapping,
        datafileId,
        revision: 1,
        tempDir: temp,
        ...(thread ? { openEndedWorker: startOpenEndedWorker } : {}),
      });
    await run('after', false);
    await run('thread', true);
    const [a, b] = [
      await readRevisionColumns(blobs, 'after', 1, 'scores'),
      await readRevisionColumns(blobs, 'thread', 1, 'scores'),
    ];
    const names = a.schema.fields.map((f) => f.name);
    expect(b.schema.fields.map((f) => f.name)).toEqual(names);
    expect(names.filter((n) => n.startsWith('oes.')).length).toBeGreaterThanOrEqual(4);
    for (const name of names) {
      const [x, y] = [a.getChild(name)!, b.getChild(name)!];
      let differ = 0;
      for (let i = 0; i < ROWS; i++) if (!Object.is(x.get(i), y.get(i))) differ++;
      expect(differ, name).toBe(0);
    }
    // Categories other than "not scored" and some duplicates, so the comparison compared something.
    const category = a.schema.fields.find((f) => f.name.endsWith('.category'))!.name;
    expect(new Set(Array.from({ length: ROWS }, (_, i) => a.getChild(category)!.get(i))).size).toBeGreaterThan(3);
    expect(readdirSync(temp)).toEqual([]);
  }, 180_000);

  it('finds a duplicate record id two chunks apart and removes the temporary file', async () => {
    const text = new TextDecoder().decode((await blobs.getBytes(KEY)) ?? new Uint8Array());
    const lines = text.split('\n');
    const idOf = (line: string) => line.split(',')[0]!;
    // Data row 130,001 (file line 130,002) gets the id of data row 2.
    const target = 130_001;
    lines[target] = [idOf(lines[2]!), ...lines[target]!.split(',').slice(1)].join(',');
    await blobs.put('uploads/dup.csv', new TextEncoder().encode(lines.join('\n')));
    const failed = await processUpload({
      blobs,
      scoring: s,
      source: { key: 'uploads/dup.csv', format: 'csv' },
      options: {},
      mapping,
      datafileId: 'dup',
      revision: 1,
      tempDir: temp,
    }).then(
      () => undefined,
      (e: unknown) => e as { code: string; details: { rows?: number[]; value?: number } },
    );
    expect(failed?.code).toBe('RECORD_ID_COLUMN_DUPLICATES');
    expect(failed?.details.rows).toEqual([target + 1]);
    expect(failed?.details.value).toBe(1);
    expect(readdirSync(temp)).toEqual([]);
    expect(await blobs.keys('datafiles/dup/')).toEqual([]);
  }, 120_000);

  it('hashes record ids as every stored revision did (record-ids.bin)', () => {
    // Values of the first implementation: a stored revision's list must keep matching.
    const golden: [string, bigint][] = [
      ['R0000001', 0x6d3f7639b1560745n],
      ['', 0xab3e7c0b94e91581n],
      ['ä€😀x', 0x6409da52d451d61n],
      ['12345', 0x8c2deee37a040ffen],
    ];
    for (const [id, h] of golden) expect(hashRecordId(id), id).toBe(h);
    expect([...hashRecordIds(golden.map(([id]) => id))]).toEqual(golden.map(([, h]) => h));
  });
});

describe('record-id lists (record-ids.bin)', () => {
  it('sorts, unites, looks up and stores hashes without losing or inventing one', async () => {
    const { containedIn, fromBytes, hasRepeats, sortedUnique, toBytes, union } =
      await import('../../../api/ingest/processing/record-ids');
    // Hashes that differ only in the high or only in the low half, and repeats.
    const a = new BigUint64Array([5n, 1n << 32n, 3n, (1n << 32n) + 1n, 5n, 0xffffffff00000000n, 2n ** 64n - 1n]);
    const ua = sortedUnique(a);
    expect([...ua]).toEqual([...new Set(a)].sort((x, y) => (x < y ? -1 : 1)));
    expect(hasRepeats(a.slice().sort())).toBe(true);
    expect(hasRepeats(ua)).toBe(false);
    const b = sortedUnique(new BigUint64Array([4n, 5n, 1n << 33n]));
    const u = union(ua, b);
    expect([...u]).toEqual([...new Set([...ua, ...b])].sort((x, y) => (x < y ? -1 : 1)));
    expect([...containedIn(ua, new BigUint64Array([5n, 4n, (1n << 32n) + 1n, 1n << 33n, 2n ** 64n - 1n]))]).toEqual([
      1, 0, 1, 0, 1,
    ]);
    expect([...containedIn(new BigUint64Array(0), new BigUint64Array([1n]))]).toEqual([0]);
    expect([...fromBytes(toBytes(u))]).toEqual([...u]);
  });
});
