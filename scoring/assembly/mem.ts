// Memory helpers shared by every kernel. All kernels take raw byte addresses of column-major
// arrays that the TypeScript facade wrote into this module's memory; `null` travels as NaN.

/** The value -999 marks a missing answer (the survey tools' convention); NaN marks an empty or non-numeric cell. */
export const MISSING: f64 = -999.0;

// @ts-ignore: decorator
@inline
export function isMissing(v: f64): bool {
  return v != v || v == MISSING;
}

// @ts-ignore: decorator
@inline
export function ldf(base: usize, i: i32): f64 {
  return load<f64>(base + (<usize>i << 3));
}

// @ts-ignore: decorator
@inline
export function stf(base: usize, i: i32, v: f64): void {
  store<f64>(base + (<usize>i << 3), v);
}

// @ts-ignore: decorator
@inline
export function ldi(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}

// @ts-ignore: decorator
@inline
export function sti(base: usize, i: i32, v: i32): void {
  store<i32>(base + (<usize>i << 2), v);
}

/** Scratch allocation for kernels; callers must `release` what they take. */
export function take(bytes: usize): usize {
  return heap.alloc(bytes == 0 ? 8 : bytes);
}

export function release(ptr: usize): void {
  heap.free(ptr);
}

/** Clamps a score into the product range [0, 100]; NaN (null) passes through. */
// @ts-ignore: decorator
@inline
export function clamp100(v: f64): f64 {
  return v < 0 ? 0 : v > 100 ? 100 : v;
}

// Two-lane kernels (two interviews per f64x2) finish an odd last row with their own arithmetic: the
// row is copied into a 2-row scratch matrix (second row NaN), the kernel runs on it, and lane 0 of
// each scratch output is copied back. One formula per kernel, no scalar twin.

/** Row `row` of a column-major n x k matrix as a 2 x k scratch matrix whose second row is NaN. */
export function pairScratch(src: usize, n: i32, k: i32, row: i32): usize {
  const p = take(<usize>k << 4);
  for (let j = 0; j < k; j++) {
    stf(p, 2 * j, ldf(src, j * n + row));
    stf(p, 2 * j + 1, NaN);
  }
  return p;
}

/** Copies lane 0 of a 2-row scratch output to `out[row]` and releases the scratch. */
export function takeLane0(scratch: usize, out: usize, row: i32): void {
  stf(out, row, ldf(scratch, 0));
  release(scratch);
}
