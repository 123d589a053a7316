// Consistency score (scoring/README.md, "Consistency score"), part 3: the distances of sixteen
// interviews inside the sixteen-lane grid pass (grid-simd16.ts), from the answer codes the grid
// kernel already holds as bytes. Lane by lane the arithmetic of consistencyRows (consistency.ts):
// integer answers and weights, exact integer sums of products (two items per i32x4.dot_i16x8_s),
// single-precision sums of the squares.
import { M_MEAN, M_ZSCALE, MIN_ANSWERS, evenItems, pow2, quantiseAnswer } from './consistency-fit';
import { LABEL_INCONSISTENT } from './consistency';

/**
 * Per pair of items (2p, 2p + 1), the integer answers of codes c = 0..15 (lo + c; 0 beyond the scale
 * and for the padding item of an odd k) as four byte planes of 16 bytes: low and high byte of item 2p,
 * low and high byte of item 2p + 1.
 */
export function answerTables(model: usize, k: i32, lo: f64, hi: f64, tables: usize): void {
  const zs = pow2(<i32>load<f64>(model + (<usize>M_ZSCALE << 3)));
  const kp = evenItems(k);
  for (let t = 0; t < kp; t++) {
    const plane = tables + (<usize>(t >> 1) << 6) + (<usize>(t & 1) << 5);
    const mean = t < k ? load<f64>(model + (<usize>(M_MEAN + t) << 3)) : 0;
    for (let c = 0; c < 16; c++) {
      const q = t < k && <f64>c <= hi - lo ? quantiseAnswer(lo + <f64>c, mean, zs) : 0;
      store<u8>(plane + <usize>c, <u8>q);
      store<u8>(plane + <usize>(16 + c), <u8>(q >> 8));
    }
  }
}

/**
 * The integer answers of sixteen rows for one pair of items, from their codes (code - lo, invalid lanes
 * 0x80: a swizzle index of 16 or more gives 0, i.e. no deviation), as four i16x8 at z: rows 4q..4q+3,
 * each as (answer of item 2p, answer of item 2p + 1), the layout of i32x4.dot_i16x8_s.
 */
// @ts-ignore: decorator
@inline
export function answersByTable(c0: v128, c1: v128, table: usize, z: usize): void {
  const p0 = i8x16.swizzle(v128.load(table), c0);
  const p1 = i8x16.swizzle(v128.load(table, 16), c0);
  const p2 = i8x16.swizzle(v128.load(table, 32), c1);
  const p3 = i8x16.swizzle(v128.load(table, 48), c1);
  const a = i8x16.shuffle(p0, p1, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const b = i8x16.shuffle(p2, p3, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const e = i8x16.shuffle(p0, p1, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  const f = i8x16.shuffle(p2, p3, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  v128.store(z, i8x16.shuffle(a, b, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23));
  v128.store(z, i8x16.shuffle(a, b, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31), 16);
  v128.store(z, i8x16.shuffle(e, f, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23), 32);
  v128.store(z, i8x16.shuffle(e, f, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31), 48);
}

// @ts-ignore: decorator
@inline
function addSquare(d: v128, y: v128): v128 {
  const f = f32x4.convert_i32x4_s(y);
  return f32x4.add(d, f32x4.mul(f, f));
}

/**
 * D² of sixteen rows from their integer answers (kp / 2 item pairs x four i16x8 at z) and the integer
 * weights `wq` (k x kp i16): NaN below 5 valid answers (`counts`: the block's i8x16 answer counts),
 * and OK labels above the cut (labelCutF32) become Inconsistent. Rows j and j + 1 of the weights share
 * each load of answers; for row j the pair reaching t = j + 1 multiplies a zero weight.
 */
export function distances16(k: i32, wq: usize, z: usize, counts: usize, scale: f32, cut: f32, outD2: usize, labels: usize): void {
  const kp = evenItems(k);
  let d0 = f32x4.splat(0), d1 = f32x4.splat(0), d2 = f32x4.splat(0), d3 = f32x4.splat(0);
  for (let j = 0; j < k; j += 2) {
    const wa = wq + (<usize>(j * kp) << 1);
    // The second row is the first again when k is odd and j is the last row: its sum is then unused.
    const wb = j + 1 < k ? wa + (<usize>kp << 1) : wa;
    let a0 = i32x4.splat(0), a1 = i32x4.splat(0), a2 = i32x4.splat(0), a3 = i32x4.splat(0);
    let b0 = i32x4.splat(0), b1 = i32x4.splat(0), b2 = i32x4.splat(0), b3 = i32x4.splat(0);
    let zp = z;
    const pairs = (j + 2) >> 1;
    for (let p = 0; p < pairs; p++) {
      const z0 = v128.load(zp), z1 = v128.load(zp, 16), z2 = v128.load(zp, 32), z3 = v128.load(zp, 48);
      const va = v128.load32_splat(wa + (<usize>p << 2));
      const vb = v128.load32_splat(wb + (<usize>p << 2));
      a0 = i32x4.add(a0, i32x4.dot_i16x8_s(z0, va));
      a1 = i32x4.add(a1, i32x4.dot_i16x8_s(z1, va));
      a2 = i32x4.add(a2, i32x4.dot_i16x8_s(z2, va));
      a3 = i32x4.add(a3, i32x4.dot_i16x8_s(z3, va));
      b0 = i32x4.add(b0, i32x4.dot_i16x8_s(z0, vb));
      b1 = i32x4.add(b1, i32x4.dot_i16x8_s(z1, vb));
      b2 = i32x4.add(b2, i32x4.dot_i16x8_s(z2, vb));
      b3 = i32x4.add(b3, i32x4.dot_i16x8_s(z3, vb));
      zp += 64;
    }
    d0 = addSquare(d0, a0);
    d1 = addSquare(d1, a1);
    d2 = addSquare(d2, a2);
    d3 = addSquare(d3, a3);
    if (j + 1 < k) {
      d0 = addSquare(d0, b0);
      d1 = addSquare(d1, b1);
      d2 = addSquare(d2, b2);
      d3 = addSquare(d3, b3);
    }
  }
  const s = f32x4.splat(scale);
  const cnt = v128.load(counts);
  const scored = i8x16.gt_s(cnt, i8x16.splat(<i8>(MIN_ANSWERS - 1)));
  const slo = i16x8.extend_low_i8x16_s(scored), shi = i16x8.extend_high_i8x16_s(scored);
  const nan = f32x4.splat(NaN);
  d0 = v128.bitselect(f32x4.mul(d0, s), nan, i32x4.extend_low_i16x8_s(slo));
  d1 = v128.bitselect(f32x4.mul(d1, s), nan, i32x4.extend_high_i16x8_s(slo));
  d2 = v128.bitselect(f32x4.mul(d2, s), nan, i32x4.extend_low_i16x8_s(shi));
  d3 = v128.bitselect(f32x4.mul(d3, s), nan, i32x4.extend_high_i16x8_s(shi));
  v128.store(outD2, d0);
  v128.store(outD2, d1, 16);
  v128.store(outD2, d2, 32);
  v128.store(outD2, d3, 48);
  const cutF = f32x4.splat(cut);
  const above = i8x16.narrow_i16x8_s(
    i16x8.narrow_i32x4_s(f32x4.gt(d0, cutF), f32x4.gt(d1, cutF)),
    i16x8.narrow_i32x4_s(f32x4.gt(d2, cutF), f32x4.gt(d3, cutF)),
  );
  const label = v128.load(labels);
  v128.store(labels, v128.bitselect(i8x16.splat(LABEL_INCONSISTENT), label, v128.and(above, i8x16.eq(label, i8x16.splat(1)))));
}
