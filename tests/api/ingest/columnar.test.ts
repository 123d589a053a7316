// Arrow building blocks: text columns encoded in one piece keep every string (non-ASCII, emoji,
// lone surrogates as U+FFFD, empty strings, nulls); numbers turn NaN into null. raw.arrow's writer
// can hold its encoded batches back (the check that prepares does until its estimate is out) and
// still writes every row in order.
import { Float64, Int32, makeVector, Schema, tableFromIPC, Utf8 } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { field, float64Data, utf8Data } from '../../../api/ingest/columnar/arrow-io';
import { RawWriter } from '../../../api/ingest/columnar/writers';
import { diskBlobStore } from '../../support/disk-blob-store';

describe('arrow columns', () => {
  it('utf8Data keeps every string exactly', () => {
    const values = ['a', null, 'schön', '😀x', '\ud800', '', 'Grüße – ok', null, 'x'.repeat(1000)];
    const v = makeVector(utf8Data(values));
    expect(v.toArray()).toEqual(values.map((x) => (x === '\ud800' ? '\ufffd' : x)));
    expect(v.nullCount).toBe(2);
  });

  it('float64Data stores NaN as null', () => {
    const v = makeVector(float64Data(Float64Array.from([1, Number.NaN, -999, 2.5])));
    expect([...v]).toEqual([1, null, -999, 2.5]);
  });

  it('RawWriter holds encoded batches back until released, or writes at once past its cap', async () => {
    const disk = diskBlobStore();
    try {
      const schema = new Schema([
        field('__source_row', new Int32()),
        field('a', new Float64()),
        field('b', new Utf8()),
      ]);
      const plan = [
        { index: 0, name: 'a', numeric: true },
        { index: 1, name: 'b', numeric: false },
      ];
      const batch = (at: number) => ({
        rows: Array.from({ length: 4 }, (_, i) => [at + i, i % 2 ? null : `t${at + i}`]),
        rowNumbers: Array.from({ length: 4 }, (_, i) => at + i + 2),
      });
      const held = new RawWriter(disk, 'held.arrow', schema, plan, { hold: 1 << 20 });
      const atOnce = new RawWriter(disk, 'at-once.arrow', schema, plan, { hold: 1 });
      for (const at of [0, 4, 8]) {
        await held.write(batch(at));
        await atOnce.write(batch(at));
      }
      // Three batches wait encoded in the first writer; the second, whose cap a batch passes, holds none.
      expect(held.heldBytes).toBeGreaterThan(0);
      expect(atOnce.heldBytes).toBe(0);

      for (const [writer, key] of [
        [held, 'held.arrow'],
        [atOnce, 'at-once.arrow'],
      ] as const) {
        await writer.close();
        const table = tableFromIPC((await disk.getBytes(key))!);
        expect([...table.getChild('__source_row')!]).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));
        expect([...table.getChild('a')!]).toEqual(Array.from({ length: 12 }, (_, i) => i));
        expect([...table.getChild('b')!]).toEqual(Array.from({ length: 12 }, (_, i) => (i % 2 ? null : `t${i}`)));
      }
    } finally {
      disk.dispose();
    }
  });
});
