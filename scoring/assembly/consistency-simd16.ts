// Consistency score (issue 17), part 3: the distances of sixteen interviews inside the sixteen-lane
// grid pass (grid-simd16.ts), from the answer codes the grid kernel already holds as bytes. Lane by
// lane the same single-precision operations as consistency.ts and the reference.
import { M_MEAN, MIN_ANSWERS } from './consistency-fit';
import { LABEL_INCONSISTENT } from './consistency';

/**
 * Per item, the centred value f32(lo + c) - mean of every code c = 0..15 (0 beyond the scale) as four
 * byte planes of 16 bytes: plane b holds byte b of each value.
 */
export function centreTables(model: usize, k: i32, lo: f64, hi: f64, tables: usize): void {
  for (let j = 0; j < k; j++) {
    const mean = <f32>load<f64>(model + (<usize>(M_MEAN + j) << 3));
    const t = tables + (<usize>j << 6);
    for (let c = 0; c < 16; c++) {
      const z: f32 = <f64>c <= hi - lo ? <f32>(lo + <f64>c) - mean : 0;
      const bits = reinterpret<u32>(z);
      for (let b = 0; b < 4; b++) store<u8>(t + <usize>(b * 16 + c), <u8>(bits >> (8 * b)));
    }
  }
}

/**
 * Sixteen codes (code - lo, invalid lanes 0x80) centred by table: four swizzles give the byte planes of
 * the sixteen values (an index of 16 or more gives 0, so invalid lanes are +0), two rounds of
 * interleaving put each value's four bytes together, four rows per f32x4.
 */
// @ts-ignore: decorator
@inline
export function centreByTable(c: v128, table: usize, z: usize): void {
  const p0 = i8x16.swizzle(v128.load(table), c);
  const p1 = i8x16.swizzle(v128.load(table, 16), c);
  const p2 = i8x16.swizzle(v128.load(table, 32), c);
  const p3 = i8x16.swizzle(v128.load(table, 48), c);
  const a = i8x16.shuffle(p0, p1, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const b = i8x16.shuffle(p2, p3, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
  const e = i8x16.shuffle(p0, p1, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  const f = i8x16.shuffle(p2, p3, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
  v128.store(z, i8x16.shuffle(a, b, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23));
  v128.store(z, i8x16.shuffle(a, b, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31), 16);
  v128.store(z, i8x16.shuffle(e, f, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23), 32);
  v128.store(z, i8x16.shuffle(e, f, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31), 48);
}

/** Sixteen codes (code - lo, invalid lanes 0x80) minus the item's mean as four f32x4 at z; invalid lanes 0. */
// @ts-ignore: decorator
@inline
export function centre(c: v128, low: i8, mean: f32, z: usize): void {
  const mu = f32x4.splat(mean);
  const m = i8x16.ne(c, i8x16.splat(-128));
  const v = i8x16.add(c, i8x16.splat(low));
  const lo = i16x8.extend_low_i8x16_s(v), hi = i16x8.extend_high_i8x16_s(v);
  const mlo = i16x8.extend_low_i8x16_s(m), mhi = i16x8.extend_high_i8x16_s(m);
  v128.store(z, v128.and(i32x4.extend_low_i16x8_s(mlo), f32x4.sub(f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(lo)), mu)));
  v128.store(z, v128.and(i32x4.extend_high_i16x8_s(mlo), f32x4.sub(f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(lo)), mu)), 16);
  v128.store(z, v128.and(i32x4.extend_low_i16x8_s(mhi), f32x4.sub(f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(hi)), mu)), 32);
  v128.store(z, v128.and(i32x4.extend_high_i16x8_s(mhi), f32x4.sub(f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(hi)), mu)), 48);
}

/**
 * D² of sixteen rows from their centred answers (k x four f32x4 at z), lane by lane the operations of
 * consistency.ts: NaN below 7 valid answers (`counts`: the block's i8x16 answer counts), and OK labels
 * above the cut (labelCutF32) become Inconsistent.
 */
export function distances16(k: i32, w: usize, z: usize, counts: usize, cut: f32, outD2: usize, labels: usize): void {
  const cnt = v128.load(counts);
  const cutF = f32x4.splat(cut);
  let d0 = f32x4.splat(0), d1 = f32x4.splat(0), d2 = f32x4.splat(0), d3 = f32x4.splat(0);
  // Output rows j and j + 1 in one pass share the loads of z_t; each y is still summed over t in order
  // (row j + 1 takes its last step, t = j + 1, after the pass), and the squares are added in order of j.
  let j = 0;
  for (; j + 1 < k; j += 2) {
    const wa = w + (<usize>(j * k) << 2);
    const wb = wa + (<usize>k << 2);
    let a0 = f32x4.splat(0), a1 = f32x4.splat(0), a2 = f32x4.splat(0), a3 = f32x4.splat(0);
    let b0 = f32x4.splat(0), b1 = f32x4.splat(0), b2 = f32x4.splat(0), b3 = f32x4.splat(0);
    let zp = z;
    for (let t = 0; t <= j; t++) {
      const z0 = v128.load(zp), z1 = v128.load(zp, 16), z2 = v128.load(zp, 32), z3 = v128.load(zp, 48);
      const va = v128.load32_splat(wa + (<usize>t << 2));
      const vb = v128.load32_splat(wb + (<usize>t << 2));
      a0 = f32x4.add(a0, f32x4.mul(va, z0));
      a1 = f32x4.add(a1, f32x4.mul(va, z1));
      a2 = f32x4.add(a2, f32x4.mul(va, z2));
      a3 = f32x4.add(a3, f32x4.mul(va, z3));
      b0 = f32x4.add(b0, f32x4.mul(vb, z0));
      b1 = f32x4.add(b1, f32x4.mul(vb, z1));
      b2 = f32x4.add(b2, f32x4.mul(vb, z2));
      b3 = f32x4.add(b3, f32x4.mul(vb, z3));
      zp += 64;
    }
    if (load<f32>(wa + (<usize>j << 2)) != 0) {
      d0 = f32x4.add(d0, f32x4.mul(a0, a0));
      d1 = f32x4.add(d1, f32x4.mul(a1, a1));
      d2 = f32x4.add(d2, f32x4.mul(a2, a2));
      d3 = f32x4.add(d3, f32x4.mul(a3, a3));
    }
    const last = wb + (<usize>(j + 1) << 2);
    if (load<f32>(last) != 0) {
      const vb = v128.load32_splat(last);
      b0 = f32x4.add(b0, f32x4.mul(vb, v128.load(zp)));
      b1 = f32x4.add(b1, f32x4.mul(vb, v128.load(zp, 16)));
      b2 = f32x4.add(b2, f32x4.mul(vb, v128.load(zp, 32)));
      b3 = f32x4.add(b3, f32x4.mul(vb, v128.load(zp, 48)));
      d0 = f32x4.add(d0, f32x4.mul(b0, b0));
      d1 = f32x4.add(d1, f32x4.mul(b1, b1));
      d2 = f32x4.add(d2, f32x4.mul(b2, b2));
      d3 = f32x4.add(d3, f32x4.mul(b3, b3));
    }
  }
  if (j < k) {
    const wr = w + (<usize>(j * k) << 2);
    if (load<f32>(wr + (<usize>j << 2)) != 0) {
      let y0 = f32x4.splat(0), y1 = f32x4.splat(0), y2 = f32x4.splat(0), y3 = f32x4.splat(0);
      let zp = z;
      for (let t = 0; t <= j; t++) {
        const wv = v128.load32_splat(wr + (<usize>t << 2));
        y0 = f32x4.add(y0, f32x4.mul(wv, v128.load(zp)));
        y1 = f32x4.add(y1, f32x4.mul(wv, v128.load(zp, 16)));
        y2 = f32x4.add(y2, f32x4.mul(wv, v128.load(zp, 32)));
        y3 = f32x4.add(y3, f32x4.mul(wv, v128.load(zp, 48)));
        zp += 64;
      }
      d0 = f32x4.add(d0, f32x4.mul(y0, y0));
      d1 = f32x4.add(d1, f32x4.mul(y1, y1));
      d2 = f32x4.add(d2, f32x4.mul(y2, y2));
      d3 = f32x4.add(d3, f32x4.mul(y3, y3));
    }
  }
  const scored = i8x16.gt_s(cnt, i8x16.splat(<i8>(MIN_ANSWERS - 1)));
  const slo = i16x8.extend_low_i8x16_s(scored), shi = i16x8.extend_high_i8x16_s(scored);
  const nan = f32x4.splat(NaN);
  d0 = v128.bitselect(d0, nan, i32x4.extend_low_i16x8_s(slo));
  d1 = v128.bitselect(d1, nan, i32x4.extend_high_i16x8_s(slo));
  d2 = v128.bitselect(d2, nan, i32x4.extend_low_i16x8_s(shi));
  d3 = v128.bitselect(d3, nan, i32x4.extend_high_i16x8_s(shi));
  v128.store(outD2, d0);
  v128.store(outD2, d1, 16);
  v128.store(outD2, d2, 32);
  v128.store(outD2, d3, 48);
  const above = i8x16.narrow_i16x8_s(
    i16x8.narrow_i32x4_s(f32x4.gt(d0, cutF), f32x4.gt(d1, cutF)),
    i16x8.narrow_i32x4_s(f32x4.gt(d2, cutF), f32x4.gt(d3, cutF)),
  );
  const label = v128.load(labels);
  v128.store(labels, v128.bitselect(i8x16.splat(LABEL_INCONSISTENT), label, v128.and(above, i8x16.eq(label, i8x16.splat(1)))));
}
