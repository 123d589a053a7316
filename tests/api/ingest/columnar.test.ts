// Arrow building blocks: text columns encoded in one piece keep every string (non-ASCII, emoji,
// lone surrogates as U+FFFD, empty strings, nulls); numbers turn NaN into null.
import { makeVector } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { float64Data, utf8Data } from '../../../api/ingest/columnar/arrow-io';

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
});
