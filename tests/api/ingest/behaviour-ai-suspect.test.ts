// An upload's paradata columns feed the AI suspect rules of its open answers as the live path's
// paradata do: an answer whose paradata say it was pasted or filled without key presses, or typed
// faster than people type, is AI Suspect (14) with its reason bits, whether the classifier runs in
// the job's thread or in its own Worker fed as the file is parsed. Without paradata, and with the
// question's copy-paste check off (the live path's switch), the open-ended columns are bit for bit
// those of the same file without paradata columns.
import { afterAll, describe, expect, it } from 'vitest';
import { processUpload, readRevisionColumns } from '../../../api/ingest/index';
import { SCORE_COLUMNS } from '../../../api/ingest/columnar/layout';
import { CHUNK_ROWS, ChunkedF64, SpillFile } from '../../../api/ingest/columnar/spill';
import type { ColumnMapping, DataPoint } from '../../../api/ingest/types';
import { startOpenEndedWorker } from '../../../scoring/open-ended-worker';
import { diskBlobStore } from '../../support/disk-blob-store';
import { scoring } from '../../support/scoring';

const blobs = diskBlobStore();
afterAll(() => blobs.dispose());

// Long, polished and different from each other (no paraphrase group, no duplicate).
const ANSWERS = [
  'The staff at the counter were patient with my questions, and they found a replacement part within a day.',
  'Prices went up twice this year, which is why I now compare offers online before ordering anything here.',
  'My delivery arrived late because the courier lost the parcel, but support refunded the shipping at once.',
  'I mostly shop here for the organic vegetables; the bakery section, however, has become rather disappointing.',
  'Parking near the entrance is difficult on Saturdays, so I usually come early in the morning before nine.',
  'The loyalty card gives me a discount on coffee, and the monthly coupons have saved our family real money.',
  'Returning a broken kettle took three visits, though the manager finally apologised and replaced it for free.',
  'Their website search rarely finds what I need, whereas the printed catalogue lists every product clearly.',
];
// Per row: pasted characters, unexplained characters, typing time (ms); '' = not recorded.
const PARADATA: Record<string, [string, string, string]> = {
  pasted: ['100', '0', '900'],
  filled: ['0', '100', ''],
  fast: ['0', '0', '1000'],
  typed: ['0', '0', '60000'],
  none: ['', '', ''],
};
const KIND = ['pasted', 'filled', 'fast', 'typed', 'none', 'typed', 'none', 'typed'] as const;
const REASON = { pasted: 1, filled: 1, fast: 2, typed: 0, none: 0 };

/** Row i's kind: KIND[i] for the first eight, then shifted every nine rows, so no slice of 8,192 rows repeats another. */
const kindAt = (i: number) => KIND[(i + Math.floor(i / 9)) % 8]!;

/** `rows` interviews: the answers over and over (copies are one text to the AI rules) and their kinds. */
function csv(rows = ANSWERS.length): string {
  const lines = ['id,q1,q1_pasted,q1_unexplained,q1_typing'];
  for (let i = 0; i < rows; i++) lines.push([`r${i}`, `"${ANSWERS[i % 8]}"`, ...PARADATA[kindAt(i)]!].join(','));
  return lines.join('\n');
}

const open = (copyPasteCheck: boolean): DataPoint => ({
  type: 'OPEN_ENDED',
  column: 'q1',
  questionTitle: 'What do you think of our shop?',
  duplicateCheck: false,
  copyPasteCheck,
});
const paradata: DataPoint[] = [
  { type: 'BEHAVIOUR_PASTED_CHARS', column: 'q1_pasted', question: 'q1' },
  { type: 'BEHAVIOUR_UNEXPLAINED_CHARS', column: 'q1_unexplained', question: 'q1' },
  { type: 'BEHAVIOUR_TYPING_MS', column: 'q1_typing', question: 'q1' },
];
const id: DataPoint = { type: 'RECORD_ID', column: 'id' };

let revision = 0;
async function run(mapping: ColumnMapping, worker: boolean, rows?: number) {
  const key = `uploads/ai-${++revision}.csv`;
  await blobs.put(key, new TextEncoder().encode(csv(rows)));
  await processUpload({
    blobs,
    scoring,
    source: { key, format: 'csv' },
    options: {},
    mapping,
    datafileId: 'dfAi',
    revision,
    ...(worker ? { openEndedWorker: startOpenEndedWorker } : {}),
  });
  const table = await readRevisionColumns(blobs, 'dfAi', revision, 'scores');
  const col = (name: string) => Array.from(table.getChild(name)!.toArray() as ArrayLike<number>);
  const c = SCORE_COLUMNS.open('q1');
  return { category: col(c.category), reasons: col(c.aiReasons), effort: col(c.effort), oes: col(SCORE_COLUMNS.oes) };
}

describe("an upload's paradata in the AI suspect rules", () => {
  it.each([false, true])(
    'pasted, filled and too fast answers are AI Suspect with their reason (Worker: %s)',
    async (w) => {
      const plain = await run({ dataPoints: [id, open(true)] }, w);
      const withParadata = await run({ dataPoints: [id, open(true), ...paradata] }, w);
      KIND.forEach((kind, i) => {
        // Without paradata every answer is an ordinary valid one.
        expect(plain.category[i], `row ${i} without paradata`).toBe(1);
        expect(withParadata.category[i], `row ${i} (${kind})`).toBe(REASON[kind] ? 14 : 1);
        expect(withParadata.reasons[i], `row ${i} (${kind}) reasons`).toBe(REASON[kind]);
        // Rows without paradata, and typed ones, keep their numbers bit for bit.
        if (!REASON[kind]) expect(Object.is(withParadata.oes[i], plain.oes[i]), `oes[${i}]`).toBe(true);
      });
      // The copy-paste check off: the paradata stay out of the open-ended rules, as on the live path.
      const off = await run({ dataPoints: [id, open(false), ...paradata] }, w);
      expect(await run({ dataPoints: [id, open(false)] }, w)).toEqual(off);
      expect(off).toEqual(plain);
    },
  );

  it("the classifier's Worker gets each fed slice of rows with its own paradata", async () => {
    // Three slices of 8,192 rows and a rest: a slice's paradata must be its own rows'.
    const rows = 3 * 8192 + 5;
    const { category, reasons } = await run({ dataPoints: [id, open(true), ...paradata] }, true, rows);
    for (let i = 0; i < rows; i++) {
      const kind = kindAt(i);
      if (category[i] !== (REASON[kind] ? 14 : 1) || reasons[i] !== REASON[kind])
        expect([i, category[i], reasons[i]]).toEqual([i, REASON[kind] ? 14 : 1, REASON[kind]]);
    }
  });

  it('reads a range of rows across spilled chunks as it was pushed', () => {
    const spill = new SpillFile();
    try {
      const column = new ChunkedF64(spill);
      const n = CHUNK_ROWS * 2 + 10;
      for (let i = 0; i < n; i++) column.push(i);
      const start = CHUNK_ROWS - 3;
      const range = column.range(start, n);
      expect(range.length).toBe(n - start);
      expect(range.every((v, k) => v === start + k)).toBe(true);
    } finally {
      spill.close();
    }
  });
});
