import { Float64, Int32, Schema, Table, makeVector, tableToIPC, vectorFromArray, Utf8 } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { plainTableFromIpc, plainTableFromStream } from '../../../web/features/results/data/plain-table';

// The result page's worker turns the columns route's Arrow stream into plain columns. Text columns are
// decoded batch by batch (an ASCII batch in one call); the strings must be exactly Arrow's own, with
// nulls, non-ASCII text, several batches and sliced offsets.

function ipcOf(batches: (string | null)[][]): Uint8Array {
  const vectors = batches.map((values) => vectorFromArray(values, new Utf8()));
  const column = vectors.slice(1).reduce((all, v) => all.concat(v), vectors[0]!);
  const score = makeVector(new Float64Array(column.length).map((_, i) => i / 2));
  return tableToIPC(new Table({ record_id: column, score }), 'stream');
}

describe('plainTableFromIpc', () => {
  it('gives the strings Arrow gives, per batch, ASCII or not, nulls kept', () => {
    const batches = [
      ['r-1', 'r-22', null, '', 'r-333'],
      ['Müller', null, 'naïve 🙂', 'x'],
      [null, null],
      ['plain', 'ascii', 'again'],
    ];
    const bytes = ipcOf(batches);
    const plain = plainTableFromIpc(bytes);
    expect(plain.rows).toBe(14);
    expect(plain.text.record_id).toEqual(batches.flat());
    expect(Array.from(plain.numeric.score!)).toEqual(Array.from({ length: 14 }, (_, i) => i / 2));
    expect(plain.fields.map((f) => [f.name, f.numeric])).toEqual([
      ['record_id', false],
      ['score', true],
    ]);
  });
});

/** The bytes as a response body would bring them: in chunks of `size`, cut anywhere. */
async function* inChunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
}

describe('plainTableFromStream', () => {
  it('gives the whole-body decode, whatever the chunks, with several batches, nulls and categories', async () => {
    const text = [
      ['r-1', null, 'Müller'],
      ['x', 'naïve 🙂'],
      ['a', 'b', null, 'c'],
    ];
    const ids = text.map((b) => vectorFromArray(b, new Utf8())).reduce((all, v) => all.concat(v));
    const score = vectorFromArray([0.5, null, 2, 3, Number.NaN, 5, null, 7, 8], new Float64());
    const code = vectorFromArray([1, 2, 3, 1, 2, 3, 1, 2, 3], new Int32());
    const table = new Table({ record_id: ids, score, code });
    const schema = new Schema(
      table.schema.fields.map((f) =>
        f.name === 'code' ? f.clone({ metadata: new Map([['categories', '{"1":"eins","2":"zwei"}']]) }) : f,
      ),
    );
    const bytes = tableToIPC(new Table(schema, table.batches), 'stream');
    const whole = plainTableFromIpc(bytes);
    expect(whole.rows).toBe(9);
    expect(whole.fields.find((f) => f.name === 'code')!.categories).toEqual({ 1: 'eins', 2: 'zwei' });
    for (const size of [1, 7, 64, bytes.length])
      expect(await plainTableFromStream(inChunks(bytes, size))).toEqual(whole);
  });

  it('names the fields of a table with no interviews', async () => {
    const empty = new Table({ score: makeVector(new Float64Array(0)) });
    const bytes = tableToIPC(empty, 'stream');
    const streamed = await plainTableFromStream(inChunks(bytes, 5));
    expect(streamed).toEqual(plainTableFromIpc(bytes));
    expect(streamed.fields).toEqual([{ name: 'score', numeric: true }]);
    expect(streamed.rows).toBe(0);
  });

  it('fails on a body cut short instead of giving part of the table', async () => {
    const bytes = ipcOf([['a', 'b'], ['c']]);
    await expect(plainTableFromStream(inChunks(bytes.slice(0, bytes.length - 40), 16))).rejects.toThrow();
  });
});
