import { Table, makeVector, tableToIPC, vectorFromArray, Utf8 } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { plainTableFromIpc } from '../../../web/features/results/data/plain-table';

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
