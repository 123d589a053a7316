// Arrow columns -> plain typed arrays as the scoring core takes them: for the server (cleaning,
// exports, reweighting a revision) and the browser's workers that decode revision columns (the
// worksheet's cleaning engine and the result page).
import { Type, type Vector } from 'apache-arrow';

/** A numeric Arrow column as Float64 (null -> NaN), one contiguous array whatever the batches. */
export function vectorToFloat64(vector: Vector): Float64Array {
  const out = new Float64Array(vector.length);
  let at = 0;
  for (const data of vector.data) {
    const n = data.length;
    // Primitive values are sliced to the chunk already; the validity bitmap still counts from data.offset.
    // A typed array of numbers is converted by set() in one native copy; 64-bit integers are BigInts,
    // which set() refuses, so they go value by value.
    const values: unknown = data.values;
    if (data.typeId === Type.Bool) {
      // Booleans are bits, counted from data.offset like the validity bitmap.
      const bits = values as Uint8Array;
      for (let j = 0; j < n; j++) {
        const pos = data.offset + j;
        out[at + j] = (bits[pos >> 3]! >> (pos & 7)) & 1;
      }
    } else if (ArrayBuffer.isView(values) && !(values instanceof BigInt64Array) && !(values instanceof BigUint64Array))
      out.set((values as Float64Array).subarray(0, n), at);
    else for (let j = 0; j < n; j++) out[at + j] = Number((values as ArrayLike<number | bigint>)[j]);
    if (data.nullCount > 0 && data.nullBitmap) {
      const bitmap = data.nullBitmap,
        offset = data.offset;
      for (let j = 0; j < n; j++) {
        const pos = offset + j;
        if ((bitmap[pos >> 3]! & (1 << (pos & 7))) === 0) out[at + j] = Number.NaN;
      }
    }
    at += n;
  }
  return out;
}
