import {
  Bool,
  Float64,
  Int32,
  Int64,
  Int8,
  RecordBatchStreamWriter,
  Table,
  tableFromIPC,
  Uint8,
  vectorFromArray,
  type DataType,
  type Vector,
} from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { vectorToFloat64 } from '../../scoring/arrow-columns.ts';

/** `values` as a column of `type` written in record batches of `batch` rows and read back, as a reader gets it. */
function column<T extends DataType>(type: T, values: unknown[], batch: number): Vector<T> {
  const parts = [];
  for (let at = 0; at < values.length; at += batch) {
    const v = vectorFromArray(values.slice(at, at + batch), type);
    parts.push(new Table({ x: v }));
  }
  const table = parts.reduce((a, b) => a.concat(b));
  const read = tableFromIPC(RecordBatchStreamWriter.writeAll(table).toUint8Array(true));
  expect(read.batches.length).toBe(Math.ceil(values.length / batch));
  return read.getChild('x') as Vector<T>;
}

const asArray = (a: Float64Array) => Array.from(a, (v) => (Number.isNaN(v) ? 'NaN' : v));

describe('vectorToFloat64', () => {
  const ints = [3, null, -7, 0, 100, null, 42, -128, 127, 5, null];
  const expected = ints.map((v) => (v === null ? 'NaN' : v));

  it.each([
    ['Int8', new Int8()],
    ['Int32', new Int32()],
    ['Uint8', new Uint8()],
    ['Float64', new Float64()],
  ] as const)('converts %s columns of several record batches, nulls as NaN', (name, type) => {
    const values = name === 'Uint8' ? ints.map((v) => (v === null ? null : Math.abs(v))) : ints;
    const want = values.map((v) => (v === null ? 'NaN' : v));
    expect(asArray(vectorToFloat64(column(type, values, 4)))).toEqual(want);
    expect(asArray(vectorToFloat64(column(type, values, 100)))).toEqual(want);
  });

  it('reads booleans as their bits, not as the bytes that hold them', () => {
    const bools = [true, false, true, true, null, false, false, true, true, false, true];
    const want = bools.map((v) => (v === null ? 'NaN' : v ? 1 : 0));
    expect(asArray(vectorToFloat64(column(new Bool(), bools, 3)))).toEqual(want);
    expect(asArray(vectorToFloat64(column(new Bool(), bools, 100)))).toEqual(want);
  });

  it('converts 64-bit integers (BigInts) value by value', () => {
    const big = [1n, null, -5n, 2n ** 40n];
    expect(asArray(vectorToFloat64(column(new Int64(), big, 3)))).toEqual([1, 'NaN', -5, 2 ** 40]);
  });

  it('keeps the offset of a sliced vector for values, bits and nulls', () => {
    const v = column(new Int32(), ints, 100).slice(2, 9);
    expect(asArray(vectorToFloat64(v))).toEqual(expected.slice(2, 9));
    const bools = [true, false, null, true, false, true, true, false, null, true];
    const b = column(new Bool(), bools, 100).slice(3, 9);
    expect(asArray(vectorToFloat64(b))).toEqual(bools.slice(3, 9).map((x) => (x === null ? 'NaN' : x ? 1 : 0)));
  });
});
